package limits

import (
	"strings"
	"testing"
)

func TestParseTarget(t *testing.T) {
	for name, sm := range map[string]int{"cuda:80": 80, "cuda:89": 89, "cuda:90": 90} {
		if got, err := ParseTarget(name); err != nil || got.SM != sm {
			t.Errorf("%s: %+v, %v", name, got, err)
		}
	}
	for _, bad := range []string{"cuda:999", "cuda:75", "cuda:", "hip:90", "", "cuda:8O"} {
		_, err := ParseTarget(bad)
		if err == nil || !strings.Contains(err.Error(), "supported: cuda:80, cuda:89, cuda:90") {
			t.Errorf("%q: %v", bad, err)
		}
	}
}

func TestLimits(t *testing.T) {
	sm80, sm90 := Targets[80], Targets[90]
	if err := CheckThreads(sm80, 32, 32); err != nil {
		t.Error(err)
	}
	if err := CheckThreads(sm80, 1024, 32); err == nil || !strings.Contains(err.Error(), "num-warps=1024 gives 32768 threads") {
		t.Error(err)
	}
	if err := CheckKernel(sm80, "k", 128, 163*1024, 4); err != nil {
		t.Error(err)
	}
	if err := CheckKernel(sm80, "k", 128, 163*1024+1, 4); err == nil || !strings.Contains(err.Error(), "num-stages") {
		t.Error(err)
	}
	if err := CheckKernel(sm90, "k", 128, 227*1024, 4); err != nil {
		t.Error(err)
	}
	if err := CheckSpills(sm80, "k", 168, 0, 4); err != nil {
		t.Error(err)
	}
	if err := CheckSpills(sm80, "k", 255, 96, 4); err == nil || !strings.Contains(err.Error(), "num-warps=4") {
		t.Error(err)
	}
}
