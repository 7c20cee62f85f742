package lit

import (
	"reflect"
	"strings"
	"testing"
)

func TestParseScript(t *testing.T) {
	src := strings.Join([]string{
		"// RUN: sp-opt %s | FileCheck %s", // 1
		"; RUN: a \\",                      // 2
		"; RUN:   b",                       // 3
		"# not a keyword: FOO-RUN: x XRUN: y",
		"// CHECK: text RUN: inline", // 5: first keyword on the line wins
		"// REQUIRES: ptxas, FileCheck-14",
		"// UNSUPPORTED: cuda",
		"// XFAIL: *",
		"// DEFINE: %{x} = one",
		"// RUN: use %{x}", // 10
		"// REDEFINE: %{x} = two \\",
		"// REDEFINE:   three",
		"// RUN: use %{x}", // 13
		"// END.",
		"// RUN: never",
	}, "\n")
	s, err := ParseScript("t.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range s.Runs {
		got = append(got, r.Cmd)
	}
	want := []string{"sp-opt %s | FileCheck %s", "a b", "inline", "use %{x}", "use %{x}"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("RUN commands = %q, want %q", got, want)
	}
	if lines := []int{s.Runs[0].Line, s.Runs[1].Line, s.Runs[3].Line}; !reflect.DeepEqual(lines, []int{1, 2, 10}) {
		t.Errorf("RUN lines = %v, want [1 2 10]", lines)
	}
	if s.Runs[3].Defines["x"] != "one" || s.Runs[4].Defines["x"] != "two three" {
		t.Errorf("defines at RUN lines: %v then %v", s.Runs[3].Defines, s.Runs[4].Defines)
	}
	if s.Runs[0].Defines["x"] != "" {
		t.Errorf("define leaked backwards: %v", s.Runs[0].Defines)
	}
	conds := [][]Cond{s.Requires, s.Unsupported, s.XFail}
	wantConds := [][]Cond{{{6, "ptxas"}, {6, "FileCheck-14"}}, {{7, "cuda"}}, {{8, "*"}}}
	if !reflect.DeepEqual(conds, wantConds) {
		t.Errorf("conditions = %v, want %v", conds, wantConds)
	}
}

func TestParseScriptErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"// RUN: a \\\n", "t:1: RUN line ends with '\\' but no continuation follows"},
		{"// RUN: a \\\nplain\n", "t:1: RUN line ends with '\\' but line 2 has no RUN:"},
		{"// RUN: a \\\n// XFAIL: *\n", "t:1: RUN line ends with '\\' but line 2 is XFAIL:"},
		{"// DEFINE: x = 1\n", "t:1: DEFINE: expected '%{name} = value'"},
		{"// DEFINE: %{x} = 1\n// DEFINE: %{x} = 2\n", "t:2: DEFINE: %{x} is already defined"},
		{"// REDEFINE: %{x} = 1\n", "t:1: REDEFINE: %{x} is not defined"},
	} {
		_, err := ParseScript("t", []byte(c.src))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseScript(%q) error = %v, want %q", c.src, err, c.want)
		}
	}
}

func TestHasRunLine(t *testing.T) {
	for src, want := range map[string]bool{
		"// RUN: x":          true,
		"x\n;RUN: y":         true,
		"// XFAIL: *":        false,
		"// CHECK-RUN: nope": false,
		"README text":        false,
	} {
		if got := HasRunLine([]byte(src)); got != want {
			t.Errorf("HasRunLine(%q) = %v, want %v", src, got, want)
		}
	}
}
