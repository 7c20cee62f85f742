package filecheck

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

var generateInputs = map[string]string{
	"funcs": `#blocked = #triton_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #triton_gpu.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module {
  tt.func @f(%arg0: i32, %x.y: tensor<128xi32, #blocked>) -> i32 {
    %0:2 = "test.pair"(%arg0) : (i32) -> (i32, i32)
    %1 = arith.addi %0#0, %0#1 : i32
    %2 = triton_gpu.convert_layout %x.y : tensor<128xi32, #blocked> -> tensor<128xi32, #blocked1>
    tt.return %1 : i32
  }

  tt.func @g(%arg0: i32) -> i32 {
    %0 = arith.addi %arg0, %arg0 : i32
    tt.return %0 : i32
  }
}
`,
	"escapes": `func.func @h() {
  %cst = arith.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %m = "x.op"() {s = "100% {{ [[ %notavalue"} : () -> i32
  %v = memref.load %buf[%i, %j] : memref<4x4xf32>
  return
}
`,
	"locations": `module {
  %0 = "x.op"() : () -> i32 loc(#loc1)
} loc(#loc)
#loc = loc("a.mlir":1:1)
#loc1 = loc("a.mlir":2:3)
`,
}

func TestGenerateChecksRoundTrip(t *testing.T) {
	for name, in := range generateInputs {
		t.Run(name, func(t *testing.T) {
			checks, err := GenerateChecks(in, GenerateOptions{})
			if err != nil {
				t.Fatal(err)
			}
			for _, scope := range []bool{false, true} {
				var errb bytes.Buffer
				if code := Check(Options{EnableVarScope: scope, NoDiff: true}, "gen.checks", []byte(checks), "in.mlir", []byte(in), &errb); code != ExitOK {
					t.Errorf("scope=%v: generated checks fail on their own input (exit %d):\n%s\n%s", scope, code, checks, errb.String())
				}
			}
			if t.Failed() || name != "funcs" {
				return
			}
			// Swapping two uses must be caught: the variables carry the
			// data flow, not just the shape of the lines.
			changed := strings.Replace(in, "arith.addi %0#0, %0#1", "arith.addi %0#1, %0#0", 1)
			var errb bytes.Buffer
			if code := Check(Options{NoDiff: true, Dump: DumpNever}, "gen.checks", []byte(checks), "in.mlir", []byte(changed), &errb); code != ExitFail {
				t.Errorf("checks pass on IR with swapped operands:\n%s", checks)
			}
		})
	}
}

func TestGenerateChecksShape(t *testing.T) {
	got, _ := GenerateChecks(generateInputs["funcs"], GenerateOptions{})
	for _, want := range []string{
		"// CHECK: #[[$BLOCKED:[a-zA-Z0-9_$.-]+]] = #triton_gpu.blocked<{sizePerThread = [1]",
		"// CHECK-NEXT: #[[$BLOCKED1:[a-zA-Z0-9_$.-]+]] = #triton_gpu.blocked<{sizePerThread = [2]",
		"// CHECK-LABEL: tt.func @f(\n// CHECK-SAME: [[VAL_0:%[a-zA-Z0-9_$.-]+]]: i32, [[VAL_1:%[a-zA-Z0-9_$.-]+]]: tensor<128xi32, #[[$BLOCKED]]>) -> i32 {",
		"// CHECK-NEXT: [[VAL_2:%[a-zA-Z0-9_$.-]+]]:2 = \"test.pair\"([[VAL_0]]) : (i32) -> (i32, i32)",
		"// CHECK-NEXT: [[VAL_3:%[a-zA-Z0-9_$.-]+]] = arith.addi [[VAL_2]]#0, [[VAL_2]]#1 : i32",
		"-> tensor<128xi32, #[[$BLOCKED1]]>",
		"// CHECK-LABEL: tt.func @g(\n// CHECK-SAME: [[VAL_0:%[a-zA-Z0-9_$.-]+]]: i32) -> i32 {",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("generated checks lack\n%s\nin\n%s", want, got)
		}
	}
	esc, _ := GenerateChecks(generateInputs["escapes"], GenerateOptions{Prefix: "GEN", Comment: "# "})
	for _, want := range []string{
		`# GEN-NEXT: [[VAL_0:%[a-zA-Z0-9_$.-]+]] = arith.constant dense<{{\[\[}}1, 2], [3, 4]]>`,
		`"100% {{\{\{}} {{\[\[}} %notavalue"`,
		`memref.load [[VAL_3:%[a-zA-Z0-9_$.-]+]]{{\[}}[[VAL_4:%[a-zA-Z0-9_$.-]+]], [[VAL_5:%[a-zA-Z0-9_$.-]+]]{{\]}} :`,
	} {
		if !strings.Contains(esc, want) {
			t.Errorf("generated checks lack\n%s\nin\n%s", want, esc)
		}
	}
}

// TestGenerateChecksLLVM runs the generated checks through LLVM's
// FileCheck-14; with CI=true a missing FileCheck-14 is a failure.
func TestGenerateChecksLLVM(t *testing.T) {
	fc, err := exec.LookPath("FileCheck-14")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("FileCheck-14 not on PATH (llvm-14-tools); CI=true: a missing tool is a failure")
		}
		t.Skip("FileCheck-14 not on PATH")
	}
	dir := t.TempDir()
	for name, in := range generateInputs {
		inFile, checkFile := filepath.Join(dir, name+".mlir"), filepath.Join(dir, name+".checks")
		if err := os.WriteFile(inFile, []byte(in), 0o666); err != nil {
			t.Fatal(err)
		}
		checks, err := GenerateChecks(in, GenerateOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(checkFile, []byte(checks), 0o666); err != nil {
			t.Fatal(err)
		}
		for _, extra := range [][]string{nil, {"--enable-var-scope"}} {
			cmd := exec.Command(fc, append(extra, checkFile, "--input-file", inFile)...)
			cmd.Env = append(os.Environ(), "FILECHECK_OPTS=")
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("%s %v: %v\n%s", name, extra, err, out)
			}
		}
	}
}

// FuzzGenerateChecks: for any output text, the generated checks pass
// FileCheck on that text (with and without --enable-var-scope).
func FuzzGenerateChecks(f *testing.F) {
	for _, in := range generateInputs {
		f.Add(in)
	}
	f.Add("%0 = x [[ %0 ]] {{ }} \"%s\" #a #a1 = y\n\n  tt.func @f(%a) {\n%a#1 ]]]\n")
	f.Fuzz(func(t *testing.T, in string) {
		checks, err := GenerateChecks(in, GenerateOptions{})
		if err != nil {
			if utf8.ValidString(in) {
				t.Fatalf("valid UTF-8 rejected: %v", err)
			}
			return
		}
		if strings.TrimSpace(checks) == "" {
			return // nothing to check (blank input)
		}
		for _, scope := range []bool{false, true} {
			var errb bytes.Buffer
			if code := Check(Options{EnableVarScope: scope, NoDiff: true, Dump: DumpNever, AllowEmpty: true}, "gen.checks", []byte(checks), "in.txt", []byte(in), &errb); code != ExitOK {
				t.Fatalf("scope=%v: exit %d on the input they came from\ninput:\n%q\nchecks:\n%s\n%s", scope, code, in, checks, errb.String())
			}
		}
	})
}

func TestGenerateChecksRejectsNonUTF8(t *testing.T) {
	if _, err := GenerateChecks("ok\nbad \x92 byte\n", GenerateOptions{}); err == nil || err.Error() != "line 2: the input is not valid UTF-8" {
		t.Errorf("err = %v", err)
	}
}
