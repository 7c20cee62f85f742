package version

import (
	"runtime"
	"strings"
	"testing"
)

func TestString(t *testing.T) {
	s := String("sp-opt")
	if !strings.HasPrefix(s, "sp-opt ") || !strings.Contains(s, runtime.Version()) || strings.Contains(s, "\n") {
		t.Fatalf("%q", s)
	}
}
