package main

import (
	"bytes"
	"fmt"
)

// Triton renamed its GPU dialects in 3.2: triton_gpu -> ttg and
// triton_nvidia_gpu -> ttng (also in module attribute names and layout
// attributes: #ttg.swizzled_shared for 3.1's #triton_gpu.shared without
// leading offset). sp stores the 3.1 names and prints either spelling.
var spelling36 = map[string]string{"triton_gpu": "ttg", "triton_nvidia_gpu": "ttng"}

// spelling31 writes 3.2+ names that sp keeps as read (module attribute
// names such as ttg.num-warps, 3.3+ layouts) in the 3.1 spelling.
var spelling31 = map[string]string{"ttg": "triton_gpu", "ttng": "triton_nvidia_gpu"}

// hasNewSpelling reports whether src has a 3.2+ namespace where an op,
// attribute or module attribute name starts: `ttg.` or `ttng.` not preceded
// by an identifier character and followed by a letter or '_' (as the
// regular expression `(^|[^A-Za-z0-9_])(ttg|ttng)\.[A-Za-z_]`, which took
// over a second on a 20 MB module).
func hasNewSpelling(src []byte) bool {
	for off := 0; ; {
		i := bytes.Index(src[off:], []byte("tt"))
		if i < 0 {
			return false
		}
		i += off
		off = i + 1
		if i > 0 && isWordByte(src[i-1]) {
			continue
		}
		rest := src[i:]
		var n int
		switch {
		case bytes.HasPrefix(rest, []byte("ttg.")):
			n = 4
		case bytes.HasPrefix(rest, []byte("ttng.")):
			n = 5
		default:
			continue
		}
		if n < len(rest) && (isLetter(rest[n]) || rest[n] == '_') {
			return true
		}
	}
}

func isLetter(c byte) bool   { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isWordByte(c byte) bool { return isLetter(c) || c >= '0' && c <= '9' || c == '_' }

// tritonSpelling returns the printer's namespace map: the --triton-version
// choice, else the spelling of the input (3.6 when it uses ttg./ttng.,
// else 3.1, also for TTIR without GPU dialects).
func tritonSpelling(version string, src []byte) (map[string]string, error) {
	switch version {
	case "3.1":
		return spelling31, nil
	case "3.6":
		return spelling36, nil
	case "":
	default:
		return nil, fmt.Errorf("--triton-version takes 3.1 or 3.6, not %q", version)
	}
	if hasNewSpelling(src) && !bytes.Contains(src, []byte("triton_gpu.")) {
		return spelling36, nil
	}
	return nil, nil
}
