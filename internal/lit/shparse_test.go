package lit

import (
	"reflect"
	"strings"
	"testing"
)

func TestParseShell(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"sp-opt a.mlir | FileCheck a.mlir", "sp-opt a.mlir | FileCheck a.mlir"},
		{"not FileCheck x 2>&1 | FileCheck y", "not FileCheck x 2>&1 | FileCheck y"},
		{"a > out 2>&1 && b < in; c || d", "a 1> out 2>&1 && b 0< in ; c || d"},
		{"a>out 2>err >>log", "a 1> out 2> err 1>> log"},
		{"a &> all", "a 1> all 2>&1"},
		{"a 1>&2", "a 1>&2"},
		{"FOO=bar BAZ='q x' cmd arg=1", "FOO=bar 'BAZ=q x' cmd arg=1"},
		{"'FOO=bar' cmd", "FOO=bar cmd"},
		{`echo 'a  |  b' "c \"d\" \$e \x" f\ g`, `echo 'a  |  b' 'c "d" $e \x' 'f g'`},
		{`echo "a"'b'c`, "echo abc"},
		{"echo ''", "echo ''"},
		{"echo 12>x", "echo 12 1> x"},
		{"echo '2'>x", "echo 2 1> x"},
		{"echo a\\|b", "echo 'a|b'"},
	} {
		l, err := ParseShell(c.in)
		if err != nil {
			t.Errorf("ParseShell(%q): %v", c.in, err)
			continue
		}
		if got := l.String(); got != c.want {
			t.Errorf("ParseShell(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestParseShellStructure(t *testing.T) {
	l, err := ParseShell("A=1 x 2>&1 | y && z")
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Pipes) != 2 || len(l.Pipes[0].Cmds) != 2 || !reflect.DeepEqual(l.Ops, []string{"&&"}) {
		t.Fatalf("structure: %d pipes, ops %v", len(l.Pipes), l.Ops)
	}
	x := l.Pipes[0].Cmds[0]
	if !reflect.DeepEqual(x.Assigns, []string{"A=1"}) || x.Args[0].Text != "x" ||
		!reflect.DeepEqual(x.Redirs, []Redir{{Fd: 2, Op: ">&", DupFd: 1}}) {
		t.Errorf("first command = %+v", x)
	}
}

func TestParseShellErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"echo 'a", "unterminated single quote"},
		{`echo "a`, "unterminated double quote"},
		{"a | | b", "empty command"},
		{"a &&", "empty command"},
		{"", "empty command"},
		{"a >", "without a file name"},
		{"a > | b", "without a file name"},
		{"FOO=1", "without a command"},
		{"a & b", "background"},
	} {
		_, err := ParseShell(c.in)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseShell(%q) error = %v, want %q", c.in, err, c.want)
		}
	}
}
