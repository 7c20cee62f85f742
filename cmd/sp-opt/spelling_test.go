package main

import (
	"regexp"
	"testing"
)

// TestHasNewSpelling: the hand-written scan agrees with the regular
// expression it replaces.
func TestHasNewSpelling(t *testing.T) {
	re := regexp.MustCompile(`(^|[^A-Za-z0-9_])(ttg|ttng)\.[A-Za-z_]`)
	for _, s := range []string{
		"", "ttg.", "ttg.x", "ttng.y", " ttg._", "xttg.a", "_ttg.a", "9ttg.a", "#ttg.blocked", "\"ttng.wait\"",
		"tttg.a", "ttg.9", "ttg", "tt.func", "ttgg.a", "a ttng.", "ttng.A", "(ttg.a", "tt ttg.b", "ttt ttng.c",
		"triton_gpu.x", "%ttg.x", "attg.x ttg.y",
	} {
		if got, want := hasNewSpelling([]byte(s)), re.MatchString(s); got != want {
			t.Errorf("%q: got %v, want %v", s, got, want)
		}
	}
}

func FuzzHasNewSpelling(f *testing.F) {
	re := regexp.MustCompile(`(^|[^A-Za-z0-9_])(ttg|ttng)\.[A-Za-z_]`)
	for _, s := range []string{"ttg.a", " ttng.b", "xttg.a", "ttg.9"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := hasNewSpelling([]byte(s)), re.MatchString(s); got != want {
			t.Fatalf("%q: got %v, want %v", s, got, want)
		}
	})
}
