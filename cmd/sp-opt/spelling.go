package main

import (
	"bytes"
	"fmt"
	"regexp"
)

// Triton renamed its GPU dialects in 3.2: triton_gpu -> ttg and
// triton_nvidia_gpu -> ttng (also in module attribute names and layout
// attributes: #ttg.swizzled_shared for 3.1's #triton_gpu.shared without
// leading offset). sp stores the 3.1 names and prints either spelling.
var spelling36 = map[string]string{"triton_gpu": "ttg", "triton_nvidia_gpu": "ttng"}

// spelling31 writes 3.2+ names that sp keeps as read (module attribute
// names such as ttg.num-warps, 3.3+ layouts) in the 3.1 spelling.
var spelling31 = map[string]string{"ttg": "triton_gpu", "ttng": "triton_nvidia_gpu"}

// newSpelling matches a 3.2+ namespace where an op, attribute or module
// attribute name starts.
var newSpelling = regexp.MustCompile(`(^|[^A-Za-z0-9_])(ttg|ttng)\.[A-Za-z_]`)

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
	if newSpelling.Match(src) && !bytes.Contains(src, []byte("triton_gpu.")) {
		return spelling36, nil
	}
	return nil, nil
}
