package archtest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// opName matches a string literal that spells a registered dialect's op.
var opName = regexp.MustCompile(`^(builtin|arith|math|scf|cf|tt|triton_gpu|ttg|triton_nvidia_gpu|ttng|llvm|ub)\.[a-z][a-z0-9_]*$`)

// root is the repository root (two levels above this package).
func root(t *testing.T) string {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Dir(filepath.Dir(wd))
}

// sources parses every non-test Go file under dir (relative to the root),
// skipping the directories skip names.
func sources(t *testing.T, dir string, skip ...string) (*token.FileSet, []*ast.File) {
	t.Helper()
	fset := token.NewFileSet()
	var files []*ast.File
	base := filepath.Join(root(t), dir)
	err := filepath.WalkDir(base, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root(t), p)
		if d.IsDir() {
			for _, s := range skip {
				if rel == s || strings.HasPrefix(d.Name(), ".") && rel != "." {
					return filepath.SkipDir
				}
			}
			if d.Name() == "testdata" {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.ParseComments)
		if err != nil {
			return err
		}
		files = append(files, f)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return fset, files
}

// opLiteral reports whether e is a string literal spelling an op name.
func opLiteral(e ast.Expr) (string, bool) {
	lit, ok := e.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(lit.Value)
	if err != nil || !opName.MatchString(s) {
		return "", false
	}
	return s, true
}

// TestNoOpNameLiterals: outside dialect/, op names are compared, switched
// on and looked up through the dialects' constants, never literals.
func TestNoOpNameLiterals(t *testing.T) {
	fset, files := sources(t, ".", "dialect", "test")
	report := func(e ast.Expr, how string) {
		if s, ok := opLiteral(e); ok {
			t.Errorf("%s: %s the op name literal %q; use the dialect's OpName constant", fset.Position(e.Pos()), how, s)
		}
	}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BinaryExpr:
				if n.Op == token.EQL || n.Op == token.NEQ {
					report(n.X, "compares")
					report(n.Y, "compares")
				}
			case *ast.CaseClause:
				for _, e := range n.List {
					report(e, "switches on")
				}
			case *ast.CallExpr:
				if sel, ok := n.Fun.(*ast.SelectorExpr); ok && (sel.Sel.Name == "Collect" || sel.Sel.Name == "register" || sel.Sel.Name == "Lookup") {
					for _, a := range n.Args {
						report(a, "looks up")
					}
				}
			case *ast.IndexExpr:
				report(n.Index, "indexes a table with")
			}
			return true
		})
	}
}

// TestLongFunctionsSayWhy: in the PTX backend, a function over 60 lines
// has a doc comment that says why it is long.
func TestLongFunctionsSayWhy(t *testing.T) {
	fset, files := sources(t, "lower")
	for _, f := range files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			lines := fset.Position(fd.End()).Line - fset.Position(fd.Pos()).Line + 1
			if lines <= 60 {
				continue
			}
			if fd.Doc == nil || !strings.Contains(strings.ToLower(fd.Doc.Text()), "long") {
				t.Errorf("%s: %s is %d lines; split it or say in its doc comment why it is long", fset.Position(fd.Pos()), fd.Name.Name, lines)
			}
		}
	}
}
