package main

import (
	"fmt"
	"math"
	"math/rand/v2"
	"regexp"
	"strings"
)

// fullCheckLimit is the largest M*N*K verified element by element; above
// it the check samples rows and columns (see README, "Verification").
const fullCheckLimit = 1 << 28

// matmulCheck verifies OUT = A @ B (or (A @ Bt.T) * s1 * s2 ...) against
// a float64 reference.
type matmulCheck struct {
	text       string
	out, a, b  *hostArg
	bT         bool       // B given transposed (N x K): the product reads Bt.T
	scales     []scaleArg // epilogue scales, as torch._scaled_mm applies them
	m, n, k    int
	atol, rtol float64
	// exact: an integer product (i8 x i8 -> i32), compared exactly
	// (modulo 2^32, as the tensor core's s32 accumulator wraps)
	exact bool
	// acc is the accumulation term's factor: Σₖ|a_ik·b_kj| times it bounds
	// the accumulation error (accumulationBound).
	acc   float64
	model string // the accumulation model named in the report
}

// fp8AccumBound is the accumulation error bound, relative to Σₖ|a_ik·b_kj|,
// of a kernel whose fp8 products are summed by Hopper's fp8 tensor core
// (wgmma with e4m3 / e5m2 inputs). Its accumulator keeps about 14 bits
// (DeepSeek-V3 report §3.3.2; CUTLASS and cuBLAS promote partial sums to
// f32 every few k steps for that reason, unless fast accumulation is
// asked for): the addends of one interval are aligned to the largest and
// truncated, an error below 2⁻¹⁴ of the interval's Σ|a·b| each time, and
// the intervals' magnitudes add up to Σₖ|a_ik·b_kj|. The bound allows 2⁻¹³.
// cuBLAS's own fp8 GEMM (torch._scaled_mm) exceeds the f32 bound on the
// same inputs and stays within this one (test/gpu/fp8_accuracy.py,
// docs/gpu-checks.md). A wrong product (say a metadata error) is still
// caught: it is off by about |a·b|, 2 Σ|a·b| / K on average, above this
// bound for K below 2¹⁴.
const fp8AccumBound = 0x1p-13

// modelFP8 names the fp8 tensor core's bound in the report.
const modelFP8 = "fp8 tensor-core accumulation"

// fp8TensorCorePTX matches a PTX wgmma on fp8 operands.
var fp8TensorCorePTX = regexp.MustCompile(`wgmma\.mma_async[.a-z0-9:_]*\.e[45]m[23]\b`)

// accumulationBound sets the check's accumulation term: the f32 bound, a
// √K random walk at 2 ulps of f32 per addition (truncating tensor-core
// adders included), or fp8AccumBound where the kernel's PTX sums fp8
// products on Hopper's fp8 tensor core.
func (c *matmulCheck) accumulationBound(ptx string) {
	c.acc, c.model = math.Sqrt(float64(c.k))*0x1p-22, "f32 accumulation"
	switch {
	case c.exact:
		c.acc, c.model = 0, "exact"
	case ptx != "" && fp8TensorCorePTX.MatchString(ptx):
		c.acc, c.model = fp8AccumBound, modelFP8
	}
}

// scaleArg is one epilogue scale: a [M, 1] (per row), [1, N] (per
// column) or [1] (per tensor) f32 tensor.
type scaleArg struct {
	h        *hostArg
	row, col bool
}

var (
	checkRE  = regexp.MustCompile(`^\s*(\w+)\s*=\s*(\(?)\s*(\w+)\s*@\s*(\w+)(\.T)?\s*(\)?)((?:\s*\*\s*\w+)*)\s*$`)
	scalesRE = regexp.MustCompile(`\w+`)
)

// parseCheck reads a verify expression against the plan's arguments; ptx
// is the kernel's PTX on the GPU ("" on the CPU), which decides the
// accumulation bound.
func parseCheck(text string, pl *launchPlan, tol *Tolerance, ptx string) (*matmulCheck, error) {
	mm := checkRE.FindStringSubmatch(text)
	if mm == nil || (mm[2] == "") != (mm[6] == "") || (mm[2] != "" && mm[7] == "") {
		return nil, fmt.Errorf("verify %q: want the form \"C = A @ B\", with Bt.T for a transposed B and scales as \"C = (A @ B) * sa * sb\"", text)
	}
	scaleNames := scalesRE.FindAllString(mm[7], -1)
	c := &matmulCheck{text: fmt.Sprintf("%s = %s @ %s%s", mm[1], mm[3], mm[4], mm[5]), bT: mm[5] != ""}
	if len(scaleNames) > 0 {
		c.text = fmt.Sprintf("%s = (%s @ %s%s) * %s", mm[1], mm[3], mm[4], mm[5], strings.Join(scaleNames, " * "))
	}
	mm = []string{mm[0], mm[1], mm[3], mm[4]}
	for i, dst := range []**hostArg{&c.out, &c.a, &c.b} {
		h := pl.find(mm[i+1])
		if h == nil {
			return nil, fmt.Errorf("verify %q: no argument named %s", text, mm[i+1])
		}
		if h.tensor == nil || len(h.tensor.Shape) != 2 || h.tensor.DType == "i1" {
			return nil, fmt.Errorf("verify %q: %s must be a float or integer matrix", text, mm[i+1])
		}
		*dst = h
	}
	c.exact = !c.out.tensor.DType.isFloat() && len(scaleNames) == 0
	if c.exact && (c.a.tensor.DType.isFloat() || c.b.tensor.DType.isFloat()) {
		return nil, fmt.Errorf("verify %s: an integer %s needs integer inputs, got %s and %s", c.text, mm[1], c.a.tensor.DType, c.b.tensor.DType)
	}
	as, bs, cs := c.a.tensor.Shape, c.b.tensor.Shape, c.out.tensor.Shape
	bk, bn, want := bs[0], bs[1], "KxN"
	if c.bT {
		bk, bn, want = bs[1], bs[0], "NxK"
	}
	c.m, c.k, c.n = as[0], as[1], bn
	if bk != c.k || cs[0] != c.m || cs[1] != c.n {
		return nil, fmt.Errorf("verify %s: shape mismatch: %s is %s, %s is %s, %s is %s (want MxK, %s, MxN)",
			c.text, mm[2], shapeString(as), mm[3], shapeString(bs), mm[1], shapeString(cs), want)
	}
	for _, name := range scaleNames {
		sc, err := c.scale(pl, name)
		if err != nil {
			return nil, err
		}
		c.scales = append(c.scales, sc)
	}
	c.rtol = 2 * unitRoundoff(c.out.tensor.DType)
	c.atol = 1e-5
	if f, ok := c.out.tensor.DType.fp8(); ok {
		c.atol = f.Decode(1) / 2 // half the smallest subnormal: underflow
	}
	if c.exact {
		c.rtol, c.atol = 0, 0
	}
	if tol != nil && tol.Rtol != nil {
		c.rtol = *tol.Rtol
	}
	if tol != nil && tol.Atol != nil {
		c.atol = *tol.Atol
	}
	for _, t := range []struct {
		name string
		v    float64
	}{{"atol", c.atol}, {"rtol", c.rtol}} {
		if math.IsNaN(t.v) || math.IsInf(t.v, 0) || t.v < 0 {
			return nil, fmt.Errorf("verify %s: tolerance %s = %v: want a finite number >= 0 (--%s or the spec's \"tolerance\")", c.text, t.name, t.v, t.name)
		}
	}
	if c.m == 0 || c.n == 0 {
		return nil, fmt.Errorf("verify %s: %s is %s, so the check would compare no element", c.text, mm[1], shapeString(cs))
	}
	c.accumulationBound(ptx)
	return c, nil
}

// scale resolves an epilogue scale of the check.
func (c *matmulCheck) scale(pl *launchPlan, name string) (scaleArg, error) {
	h := pl.find(name)
	if h == nil || h.tensor == nil || !h.tensor.DType.isFloat() {
		return scaleArg{}, fmt.Errorf("verify %s: scale %s must be a float tensor argument", c.text, name)
	}
	s := h.tensor.Shape
	switch {
	case len(s) == 1 && s[0] == 1, len(s) == 2 && s[0] == 1 && s[1] == 1:
		return scaleArg{h: h}, nil
	case len(s) == 2 && s[0] == c.m && s[1] == 1:
		return scaleArg{h: h, row: true}, nil
	case len(s) == 2 && s[0] == 1 && s[1] == c.n:
		return scaleArg{h: h, col: true}, nil
	}
	return scaleArg{}, fmt.Errorf("verify %s: scale %s is %s; want %dx1 (per row), 1x%d (per column) or 1 (per tensor)", c.text, name, shapeString(s), c.m, c.n)
}

// scaleAt is the product of the scales at element (i, j).
func (c *matmulCheck) scaleAt(i, j int) float64 {
	f := 1.0
	for _, s := range c.scales {
		switch {
		case s.row:
			f *= s.h.tensor.At(i)
		case s.col:
			f *= s.h.tensor.At(j)
		default:
			f *= s.h.tensor.At(0)
		}
	}
	return f
}

func (pl *launchPlan) find(name string) *hostArg {
	for _, a := range pl.args {
		if a.spec.Name == name {
			return a
		}
	}
	return nil
}

// unitRoundoff is half an ulp at 1 of the type.
func unitRoundoff(d dtype) float64 {
	switch d {
	case "f16":
		return 0x1p-11
	case "bf16":
		return 0x1p-8
	case "f32":
		return 0x1p-24
	case "f8E4M3FN":
		return 0x1p-4
	case "f8E5M2":
		return 0x1p-3
	}
	return 0x1p-53
}

// checkResult is the outcome of a verification.
type checkResult struct {
	Text      string  `json:"check"`
	Mode      string  `json:"mode"` // "full" or "sampled RxC"
	Checked   int     `json:"checked"`
	Bad       int     `json:"mismatches"`
	Row       int     `json:"worstRow"`
	Col       int     `json:"worstCol"`
	Got       float64 `json:"got"`
	Want      float64 `json:"want"`
	Err       float64 `json:"error"`
	Tol       float64 `json:"tolerance"`
	Ratio     float64 `json:"worstErrorOverTolerance"`
	MaxAbsErr float64 `json:"maxAbsError"`
	Model     string  `json:"accumulation"`
}

func (r *checkResult) ok() bool { return r.Bad == 0 }

// run compares every element (full) or the elements of `samples` random
// rows and columns. The tolerance of element (i, j) is
//
//	atol + rtol·|ref| + acc·Σₖ|a_ik·b_kj|
//
// ref is the float64 product of the dense (pruned) inputs, rtol defaults
// to one ulp of the output type (2·unit roundoff) and the last term bounds
// the accumulation error: acc = √K·2⁻²² for f32 accumulation (a √K random
// walk at 2 ulps of fp32 per addition, truncating tensor-core adders
// included), fp8AccumBound on Hopper's fp8 tensor core, 0 when exact.
func (c *matmulCheck) run(mode string, samples int, seed uint64) (*checkResult, error) {
	res := &checkResult{Text: c.text, Row: -1, Col: -1, Model: c.model}
	rows, cols := seqInts(c.m), seqInts(c.n)
	switch {
	case mode == "full" || (mode == "auto" && float64(c.m)*float64(c.n)*float64(c.k) <= fullCheckLimit):
		res.Mode = "full"
	case mode == "auto" || mode == "sampled":
		if samples < 1 {
			return nil, fmt.Errorf("--samples %d: a sampled check needs at least 1 row and column", samples)
		}
		rng := rand.New(rand.NewPCG(seed, 0xc4ec))
		rows, cols = sample(rng, c.m, samples), sample(rng, c.n, samples)
		res.Mode = fmt.Sprintf("sampled %dx%d", len(rows), len(cols))
	default:
		return nil, fmt.Errorf("unknown --check %q (want auto, full or sampled)", mode)
	}
	a, b, out := c.a.tensor, c.b.tensor, c.out.tensor
	bcols := make([][]float64, len(cols))
	for jj, j := range cols {
		col := make([]float64, c.k)
		for kk := range c.k {
			if c.bT {
				col[kk] = b.At(j*c.k + kk)
			} else {
				col[kk] = b.At(kk*c.n + j)
			}
		}
		bcols[jj] = col
	}
	acc := c.acc
	arow := make([]float64, c.k)
	for _, i := range rows {
		for kk := range c.k {
			arow[kk] = a.At(i*c.k + kk)
		}
		for jj, j := range cols {
			var ref, mag float64
			for kk, y := range bcols[jj] {
				p := arow[kk] * y
				ref += p
				mag += math.Abs(p)
			}
			if len(c.scales) > 0 {
				f := math.Abs(c.scaleAt(i, j))
				ref *= c.scaleAt(i, j)
				mag *= f
			}
			got := out.At(i*c.n + j)
			if c.exact {
				ref = wrapTo(ref, out.DType)
			}
			tol := c.atol + c.rtol*math.Abs(ref) + acc*mag
			e := math.Abs(got - ref)
			if math.IsNaN(got) {
				e = math.Inf(1)
			}
			res.Checked++
			res.MaxAbsErr = math.Max(res.MaxAbsErr, e)
			if e > tol {
				res.Bad++
			}
			if r := ratio(e, tol); r > res.Ratio || res.Row < 0 {
				res.Ratio, res.Row, res.Col, res.Got, res.Want, res.Err, res.Tol = r, i, j, got, ref, e, tol
			}
		}
	}
	if res.Checked == 0 {
		return nil, fmt.Errorf("verify %s: the %s check compared no element", c.text, res.Mode)
	}
	return res, nil
}

// ratio is e / tol; for an exact check (tol 0) it is the error itself,
// so that the worst element is the one furthest off (and the JSON report
// holds no infinity).
func ratio(e, tol float64) float64 {
	if tol == 0 {
		return e
	}
	return e / tol
}

// wrapTo reduces the exact integer x modulo 2^bits of the integer dtype d
// into its signed range.
func wrapTo(x float64, d dtype) float64 {
	bits := 8 * d.size()
	if bits >= 64 {
		return x
	}
	return float64(sext64(int64(x), bits))
}

func sext64(x int64, w int) int64 {
	s := uint(64 - w)
	return x << s >> s
}

func seqInts(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i
	}
	return s
}

// sample returns min(n, k) distinct indices below n, sorted.
func sample(rng *rand.Rand, n, k int) []int {
	if k >= n {
		return seqInts(n)
	}
	p := rng.Perm(n)[:k]
	sortInts(p)
	return p
}

func (r *checkResult) String() string {
	var sb strings.Builder
	status := "ok"
	if !r.ok() {
		status = "MISMATCH"
	}
	fmt.Fprintf(&sb, "verify %s: %s (%s check, %d elements", r.Text, status, r.Mode, r.Checked)
	if r.Model == modelFP8 {
		fmt.Fprintf(&sb, ", %s", r.Model)
	}
	if !r.ok() {
		fmt.Fprintf(&sb, ", %d outside the tolerance", r.Bad)
	}
	fmt.Fprintf(&sb, ")\n  worst element %s[%d, %d]: got %.6g, want %.6g, error %.3g, tolerance %.3g (error/tolerance %.3g)",
		outName(r.Text), r.Row, r.Col, r.Got, r.Want, r.Err, r.Tol, r.Ratio)
	return sb.String()
}

func outName(text string) string {
	n, _, _ := strings.Cut(text, " ")
	return n
}
