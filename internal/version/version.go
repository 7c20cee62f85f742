// Package version names the build of sp's tools for --version: the
// module version (a tag when built from one, "(devel)" otherwise), the
// VCS revision and time the Go toolchain stamped into the binary, and the
// Go version. It reads runtime/debug.BuildInfo only; nothing is set at
// link time.
package version

import (
	"fmt"
	"runtime"
	"runtime/debug"
)

// String is the one-line version of tool, e.g.
// "sp-opt (devel) commit 620acb4 2026-11-25T07:15:32Z, go1.26.8 linux/amd64".
func String(tool string) string {
	v, rev, when, dirty := "(devel)", "", "", false
	if bi, ok := debug.ReadBuildInfo(); ok {
		if bi.Main.Version != "" {
			v = bi.Main.Version
		}
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.time":
				when = s.Value
			case "vcs.modified":
				dirty = s.Value == "true"
			}
		}
	}
	out := tool + " " + v
	if rev != "" {
		out += " commit " + rev[:min(12, len(rev))]
		if dirty {
			out += "+modified"
		}
		if when != "" {
			out += " " + when
		}
	}
	return fmt.Sprintf("%s, %s %s/%s", out, runtime.Version(), runtime.GOOS, runtime.GOARCH)
}
