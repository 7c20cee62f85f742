package main

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strings"
	"time"

	"github.com/sparsetriton/sp/sparse"
)

// hostArg is one bound logical argument: a scalar or a host tensor, and,
// for a 2:4 operand, its compressed form.
type hostArg struct {
	spec    ArgSpec
	params  []devParam // the one or two launch parameters it fills
	scalarI int64
	scalarF float64
	isFloat bool
	dtype   dtype
	tensor  *Tensor // the dense tensor (pruned when asked); reference input
	comp    *sparse.Compressed
	bsr     *sparse.BlockSparse // a BSR24 operand (comp is its stored blocks)
	// fromMeta is the metadata as given (a compressed input in another
	// layout than the kernel's), with its layout; comp holds the
	// converted copy, made on the host in convertTime.
	fromMeta    []int16
	fromLayout  sparse.Layout
	convertTime time.Duration
	gpuConvert  float64 // ms of the conversion on the GPU, when it ran there
	pruned      bool
	dev         []buffer // device buffers, one per pointer parameter
}

// launchPlan is a spec resolved against a program: grid, arguments and
// the verification to run.
type launchPlan struct {
	grid  [3]int
	vars  map[string]int64
	args  []*hostArg
	check *matmulCheck
	seed  uint64
	mem   budget
}

// resolve evaluates the spec's expressions, creates the host tensors
// (random, constant or from .npy), prunes or validates 2:4 operands and
// compresses them into the layout the program reads.
func resolve(s *Spec, prog *program) (*launchPlan, error) {
	pl := &launchPlan{vars: s.Vars, seed: s.Seed, mem: budget{limit: s.maxBytes}}
	if pl.mem.limit <= 0 {
		pl.mem.limit = defaultMemLimit()
	}
	if err := pl.resolveGrid(s); err != nil {
		return nil, err
	}
	groups, missing, err := bindParams(s, prog)
	if err != nil {
		return nil, err
	}
	if err := pl.preflight(s, groups); err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(s.Seed, 0x5eed))
	for i := range s.Args {
		a, err := pl.makeArg(s, &s.Args[i], groups[i], prog, rng)
		if err != nil {
			return nil, fmt.Errorf("argument %d (%s): %v", i, s.Args[i].Name, err)
		}
		pl.args = append(pl.args, a)
	}
	if missing != nil {
		return nil, missing
	}
	if s.Verify != "" {
		if pl.check, err = parseCheck(s.Verify, pl, s.Tolerance, prog.ptx); err != nil {
			return nil, err
		}
	}
	return pl, nil
}

// preflight charges every tensor argument's bytes to pl.mem before any is
// allocated: the host tensor and its device copy, and for a 2:4 operand
// its compressed values and metadata (at most the dense size again). A
// .npy input is charged its file size.
func (pl *launchPlan) preflight(s *Spec, groups [][]devParam) error {
	for i := range s.Args {
		a := &s.Args[i]
		if a.isScalar() || i >= len(groups) || !groups[i][0].Ptr {
			continue
		}
		var n int64
		switch {
		case a.File != "":
			st, err := os.Stat(a.File)
			if err != nil {
				continue // reported when the file is read
			}
			n = st.Size()
		case len(a.Shape) > 0:
			shape, err := pl.evalShape(a)
			if err != nil {
				return fmt.Errorf("argument %d (%s): %v", i, a.Name, err)
			}
			d := groups[i][0].DType
			var ok bool
			if n, ok = tensorBytes(shape, d.size()); !ok {
				return fmt.Errorf("argument %d (%s): a %s tensor of shape %s has more bytes than fit in 64 bits", i, a.Name, d, shapeString(shape))
			}
		}
		copies := int64(2)
		if len(groups[i]) == 2 {
			copies = 3
		}
		if n > math.MaxInt64/copies {
			n = math.MaxInt64
		} else {
			n *= copies
		}
		if err := pl.mem.add(fmt.Sprintf("argument %d (%s)", i, a.Name), n); err != nil {
			return err
		}
	}
	return nil
}

// evalShape evaluates a tensor argument's shape expressions.
func (pl *launchPlan) evalShape(a *ArgSpec) ([]int, error) {
	var shape []int
	for i, e := range a.Shape {
		v, err := e.Eval(pl.vars)
		if err != nil {
			return nil, fmt.Errorf("shape[%d]: %v", i, err)
		}
		if v < 0 || v > math.MaxInt32 {
			return nil, fmt.Errorf("shape[%d] = %d is out of range (0 to 2^31-1)", i, v)
		}
		shape = append(shape, int(v))
	}
	return shape, nil
}

func (pl *launchPlan) resolveGrid(s *Spec) error {
	if len(s.Grid) == 0 || len(s.Grid) > 3 {
		return fmt.Errorf("the launch needs a grid of 1 to 3 dimensions (spec \"grid\" or --grid), got %d", len(s.Grid))
	}
	pl.grid = [3]int{1, 1, 1}
	for i, g := range s.Grid {
		v, err := g.Eval(pl.vars)
		if err != nil {
			return fmt.Errorf("grid[%d]: %v", i, err)
		}
		if v < 1 || v > math.MaxInt32 {
			return fmt.Errorf("grid[%d] = %d: must be between 1 and 2^31-1", i, v)
		}
		pl.grid[i] = int(v)
	}
	return nil
}

// bindParams assigns the launch parameters to the spec's arguments in
// order: a 2:4 argument takes a values and a metadata parameter. Missing
// arguments are reported apart (missing), after the given ones are checked.
func bindParams(s *Spec, prog *program) (groups [][]devParam, missing, err error) {
	ps := prog.Params
	for i := range s.Args {
		a := &s.Args[i]
		if len(ps) == 0 {
			return nil, nil, fmt.Errorf("@%s takes %d parameters, but the launch gives more arguments: %s is extra", prog.Name, len(prog.Params), argNames(s.Args[i:]))
		}
		p := ps[0]
		sparseArg := a.Sparse != "" || p.Role == roleValues
		switch {
		case sparseArg && (len(ps) < 2 || !ps[0].Ptr || !ps[1].Ptr || ps[1].DType != "i16"):
			return nil, nil, fmt.Errorf("argument %d (%s) is a 2:4 operand, but parameters %s are not a values pointer followed by an i16 metadata pointer", i, a.Name, describeParams(ps[:min(2, len(ps))]))
		case sparseArg && len(ps) >= 4 && ps[2].Role == roleIndptr && ps[3].Role == roleIndices:
			groups, ps = append(groups, ps[:4]), ps[4:]
		case sparseArg:
			groups, ps = append(groups, ps[:2]), ps[2:]
		default:
			groups, ps = append(groups, ps[:1]), ps[1:]
		}
	}
	if len(ps) > 0 {
		missing = fmt.Errorf("@%s takes more arguments than the launch gives: missing %s (parameter %d of %d)", prog.Name, describeParams(ps[:1]), len(prog.Params)-len(ps), len(prog.Params))
	}
	return groups, missing, nil
}

func argNames(as []ArgSpec) string {
	var ns []string
	for _, a := range as {
		ns = append(ns, a.Name)
	}
	return strings.Join(ns, ", ")
}

func describeParams(ps []devParam) string {
	var ds []string
	for _, p := range ps {
		t := string(p.DType)
		if p.Ptr {
			t = "!tt.ptr<" + t + ">"
		}
		ds = append(ds, fmt.Sprintf("%s: %s (%s)", p.Name, t, p.Role))
	}
	return strings.Join(ds, ", ")
}

func (pl *launchPlan) makeArg(s *Spec, a *ArgSpec, ps []devParam, prog *program, rng *rand.Rand) (*hostArg, error) {
	h := &hostArg{spec: *a, params: ps}
	p := ps[0]
	if a.isScalar() {
		return h, pl.makeScalar(h, a, p)
	}
	if !p.Ptr {
		return nil, fmt.Errorf("the kernel parameter is a %s scalar, but the launch gives a tensor", p.DType)
	}
	if a.Values != "" || a.Meta != "" {
		if len(ps) != 2 {
			return nil, fmt.Errorf("\"values\" and \"meta\" give a compressed 2:4 operand, but the kernel parameter %s is not a 2:4 operand", p.Name)
		}
		shape, err := pl.evalShape(a)
		if err != nil {
			return nil, err
		}
		return h, h.loadCompressed(a, p, prog, shape)
	}
	if len(a.Shape) == 0 && a.File == "" {
		return nil, fmt.Errorf("missing argument: give a shape and dtype (spec \"shape\"/\"dtype\" or --tensor %s=SHAPE:DTYPE) or a .npy file", a.Name)
	}
	d := p.DType
	if a.DType != "" {
		var err error
		if d, err = parseDType(a.DType); err != nil {
			return nil, err
		}
		if d != p.DType {
			return nil, fmt.Errorf("dtype mismatch: the kernel parameter is !tt.ptr<%s>, the launch gives a %s tensor", p.DType, d)
		}
	}
	h.dtype = d
	t, err := pl.makeTensor(a, d, rng)
	if err != nil {
		return nil, err
	}
	h.tensor = t
	if len(ps) == 4 {
		return h, h.compressBlocks(s, a, p)
	}
	if a.ZeroBlocks != nil {
		return nil, fmt.Errorf("\"zeroBlocks\" is for block-sparse operands (#tt.sparse<\"BSR24\", block = [BM, BK]>)")
	}
	if len(ps) == 2 {
		return h, h.compress(s, a, p, prog)
	}
	return h, nil
}

func (pl *launchPlan) makeScalar(h *hostArg, a *ArgSpec, p devParam) error {
	if p.Ptr {
		return fmt.Errorf("the kernel parameter is a pointer to %s, but the launch gives a scalar", p.DType)
	}
	if a.DType != "" {
		d, err := parseDType(a.DType)
		if err != nil {
			return err
		}
		if d != p.DType {
			return fmt.Errorf("dtype mismatch: the kernel parameter is %s, the launch gives %s", p.DType, d)
		}
	}
	h.dtype = p.DType
	if a.Float != nil {
		if !p.DType.isFloat() {
			return fmt.Errorf("the kernel parameter is %s, the launch gives the float %v", p.DType, *a.Float)
		}
		h.scalarF, h.isFloat = *a.Float, true
		return nil
	}
	v, err := a.Value.Eval(pl.vars)
	if err != nil {
		return err
	}
	h.scalarI = v
	if p.DType.isFloat() {
		h.scalarF, h.isFloat = float64(v), true
	} else if bits := 8 * p.DType.size(); bits < 64 && (v >= 1<<(bits-1) || v < -(1<<(bits-1))) {
		return fmt.Errorf("value %d does not fit in %s", v, p.DType)
	}
	return nil
}

// checkDivisibility refuses a scalar whose value breaks the
// tt.divisibility the kernel declares for it. Compiled code relies on it
// (vector widths, alignment of rows); the CPU interpreter computes every
// element alone, so only launches of compiled code call this.
func (pl *launchPlan) checkDivisibility() error {
	for i, a := range pl.args {
		if a.tensor != nil || a.isFloat || len(a.params) != 1 {
			continue
		}
		if d := a.params[0].Div; d > 1 && a.scalarI%d != 0 {
			return fmt.Errorf("argument %d (%s): value %d is not a multiple of %d, which the kernel declares (tt.divisibility = %d) and its compiled code assumes", i, a.spec.Name, a.scalarI, d, d)
		}
	}
	return nil
}

func (pl *launchPlan) makeTensor(a *ArgSpec, d dtype, rng *rand.Rand) (*Tensor, error) {
	shape, err := pl.evalShape(a)
	if err != nil {
		return nil, err
	}
	if a.File != "" {
		t, err := readNPY(a.File, d)
		if err != nil {
			return nil, fmt.Errorf("cannot read the .npy input: %v", err)
		}
		if t.DType != d {
			return nil, fmt.Errorf("dtype mismatch: %s holds %s, the kernel parameter is !tt.ptr<%s>", a.File, t.DType, d)
		}
		if shape != nil && !equalInts(shape, t.Shape) {
			return nil, fmt.Errorf("shape mismatch: %s has shape %s, the launch says %s", a.File, shapeString(t.Shape), shapeString(shape))
		}
		return t, nil
	}
	if _, ok := tensorBytes(shape, d.size()); !ok {
		return nil, fmt.Errorf("a %s tensor of shape %s has more bytes than fit in 64 bits", d, shapeString(shape))
	}
	t := newTensor(d, shape)
	init := a.Init
	if init == "" {
		init = "randn"
		if a.Output {
			init = "zeros"
		}
	}
	return t, fillTensor(t, init, rng)
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func fillTensor(t *Tensor, init string, rng *rand.Rand) error {
	var f func(i int) float64
	switch init {
	case "randn":
		f = func(int) float64 { return rng.NormFloat64() }
	case "uniform":
		f = func(int) float64 { return 2*rng.Float64() - 1 }
	case "zeros":
		return nil
	case "ones":
		f = func(int) float64 { return 1 }
	case "arange":
		f = func(i int) float64 { return float64(i) }
	default:
		return fmt.Errorf("unknown init %q (want randn, uniform, zeros, ones or arange)", init)
	}
	if !t.DType.isFloat() && (init == "randn" || init == "uniform") {
		g := f
		f = func(i int) float64 { return math.Round(8 * g(i)) }
	}
	for i := range t.len() {
		t.Set(i, f(i))
	}
	return nil
}

// compress prunes (when asked) or validates a dense 2:4 operand and
// compresses it in the program's metadata layout.
//
// roleForm says how each role's matrix is 2:4: a matrix transposed in the
// kernel before tt.dot (b.T of an N x K tile) takes the role of its form,
// not of the dot operand it becomes.
var roleForm = map[string]string{"A": "2:4 along its last dimension, as an M x K A or an N x K matrix the kernel transposes", "B": "2:4 along dimension 0, as a K x N B"}

func (h *hostArg) compress(s *Spec, a *ArgSpec, p devParam, prog *program) error {
	role := a.Sparse
	if role == "" {
		role = p.Operand
	}
	if role == "" {
		role = "A"
	}
	if role != "A" && role != "B" {
		return fmt.Errorf("\"sparse\" must be A or B, got %q", role)
	}
	if p.Operand != "" && p.Operand != role {
		return fmt.Errorf("the launch says this 2:4 matrix is operand %s, but the kernel reads it in operand %s's form (%s)", role, p.Operand, roleForm[p.Operand])
	}
	h.spec.Sparse = role
	m, err := h.tensor.matrix()
	if err != nil {
		return err
	}
	layout := prog.Layout
	if len(h.params) == 2 && h.params[1].Layout != 0 {
		layout = h.params[1].Layout
	}
	if m.DType.Is8Bit() {
		layout = layout.For8Bit()
	}
	rows, cols := m.Rows, m.Cols
	if (len(h.params) == 2 && h.params[1].PtrTensor) || layout == sparse.Natural || layout == sparse.Band16T || layout == sparse.Band16K32T {
		// a pointer-tensor operand (decompose-sparse-tensors recorded the
		// layout it reads; natural and band16t are read only there): its
		// masks keep the padding out
		m = padFor(m, role, layout)
	}
	prune := s.Prune
	if a.Prune != nil {
		prune = *a.Prune
	}
	if prune {
		pruneFn := sparse.Prune
		if role == "B" {
			pruneFn = sparse.PruneB
		}
		if m, err = pruneFn(m); err != nil {
			return err
		}
		h.tensor, h.pruned = fromMatrix(m.Cropped(rows, cols)), true
	}
	compress := sparse.Compress
	if role == "B" {
		compress = sparse.CompressB
	}
	c, err := compress(m, layout)
	if err != nil {
		var ge *sparse.GroupError
		if !prune && errors.As(err, &ge) {
			return fmt.Errorf("not 2:4 sparse: %v (pass --prune to magnitude-prune the input)", err)
		}
		return err
	}
	h.comp = c
	return nil
}

// padFor zero-pads a dense 2:4 operand to the shape its compressed form
// needs: K to a multiple of 16 (one metadata word; 32 for 8-bit types, a
// band16k32 word pair), and the rows of the
// metadata (M for A, N for B) to what the layout needs (16 for band16 and
// band16t, 32 for cutlass-sm80, none for natural). The kernel's masks keep
// the padding out of the result; its strides must be those of the padded
// matrix (e.g. stride_am = cdiv(K, 16)*16), as the compressed buffers have
// the padded shape.
func padFor(m sparse.Matrix, role string, l sparse.Layout) sparse.Matrix {
	up := func(x, q int) int { return (x + q - 1) / q * q }
	rowQ := map[sparse.Layout]int{sparse.Band16: 16, sparse.Band16T: 16, sparse.Band16K32: 16, sparse.Band16K32T: 16, sparse.CutlassSM80: 32}[l]
	kQ := sparse.DensePerMeta
	if l == sparse.CutlassSM80 || m.DType.Is8Bit() {
		kQ = 32
	}
	if rowQ == 0 {
		rowQ = 1
	}
	if role == "B" {
		return m.Padded(up(m.Rows, kQ), up(m.Cols, rowQ))
	}
	return m.Padded(up(m.Rows, rowQ), up(m.Cols, kQ))
}

// compressBlocks zeroes the requested fraction of blocks (zeroBlocks),
// prunes the rest to 2:4 when asked, and stores the operand as BSR24 with
// the kernel's block (sparse.CompressBlocks; ragged shapes are padded to
// whole blocks there).
func (h *hostArg) compressBlocks(s *Spec, a *ArgSpec, p devParam) error {
	if a.Sparse != "" && a.Sparse != "A" {
		return fmt.Errorf("a BSR24 operand is operand A of tt.dot; the launch says %q", a.Sparse)
	}
	h.spec.Sparse = "A"
	m, err := h.tensor.matrix()
	if err != nil {
		return err
	}
	bm, bk := p.Block[0], p.Block[1]
	if a.ZeroBlocks != nil {
		if m, err = sparse.PruneBlocks(m, bm, bk, *a.ZeroBlocks); err != nil {
			return err
		}
		h.pruned = true
	}
	prune := s.Prune
	if a.Prune != nil {
		prune = *a.Prune
	}
	if prune {
		if m, err = sparse.PruneBSR24(m, bm, bk, 0); err != nil {
			return err
		}
		h.pruned = true
	}
	if h.pruned {
		h.tensor = fromMatrix(m)
	}
	b, err := sparse.CompressBlocks(m, bm, bk)
	if err != nil {
		var ge *sparse.GroupError
		if !prune && errors.As(err, &ge) {
			return fmt.Errorf("a stored block is not 2:4 sparse: %v (pass --prune to magnitude-prune the input)", err)
		}
		return err
	}
	h.bsr, h.comp = b, b.Stored
	return nil
}

// loadCompressed reads a compressed 2:4 operand A (values and metadata
// .npy files, e.g. PyTorch's SparseSemiStructuredTensorCUTLASS .packed and
// .meta) and converts its metadata to the layout the kernel reads. The
// dense matrix it stands for is the reference input of the verification.
func (h *hostArg) loadCompressed(a *ArgSpec, p devParam, prog *program, shape []int) error {
	if a.Values == "" || a.Meta == "" {
		return errors.New("a compressed 2:4 operand needs both \"values\" and \"meta\"")
	}
	if a.File != "" || a.Prune != nil {
		return errors.New("a compressed 2:4 operand takes no \"file\" or \"prune\": it is already 2:4")
	}
	role := a.Sparse
	if role == "" {
		role = "A"
	}
	if role != "A" || (p.Operand != "" && p.Operand != "A") {
		return errors.New("compressed inputs are supported for operand A (a weight W of W·x, as PyTorch compresses it)")
	}
	h.spec.Sparse = "A"
	from := sparse.CutlassSM80
	if a.MetaLayout != "" {
		var err error
		if from, err = sparse.ParseLayout(a.MetaLayout); err != nil {
			return err
		}
	}
	vals, err := readNPY(a.Values, p.DType)
	if err != nil {
		return fmt.Errorf("cannot read the compressed values: %v", err)
	}
	if vals.DType != p.DType || len(vals.Shape) != 2 {
		return fmt.Errorf("%s must be a matrix of %s (M x K/2), got %s", a.Values, p.DType, vals)
	}
	meta, err := readNPY(a.Meta, "i16")
	if err != nil {
		return fmt.Errorf("cannot read the metadata: %v", err)
	}
	m, k := vals.Shape[0], 2*vals.Shape[1]
	if k%sparse.DensePerMeta != 0 {
		return fmt.Errorf("%s has %d columns: K = %d is not a multiple of %d", a.Values, vals.Shape[1], k, sparse.DensePerMeta)
	}
	if n := len(meta.Data) / 2; n != m*k/sparse.DensePerMeta {
		return fmt.Errorf("%s holds %d int16, but %dx%d values need %dx%d metadata", a.Meta, n, m, k/2, m, k/sparse.DensePerMeta)
	}
	if shape != nil {
		if !equalInts(shape, []int{m, k}) {
			return fmt.Errorf("shape mismatch: the compressed values stand for a %dx%d matrix, the launch says %s", m, k, shapeString(shape))
		}
	}
	d, err := sparse.ParseDType(string(p.DType))
	if err != nil {
		return fmt.Errorf("a 2:4 operand must be f16 or bf16, got %s", p.DType)
	}
	raw := make([]int16, len(meta.Data)/2)
	for i := range raw {
		raw[i] = int16(uint16(meta.Data[2*i]) | uint16(meta.Data[2*i+1])<<8)
	}
	given := &sparse.Compressed{Operand: sparse.OperandA, Rows: m, Cols: k, Layout: from,
		Values: sparse.Matrix{DType: d, Rows: m, Cols: k / 2, Data: vals.Data}, Meta: raw}
	dense, err := sparse.Decompress(given)
	if err != nil {
		return fmt.Errorf("%s, %s: %v", a.Values, a.Meta, err)
	}
	to := prog.Layout
	if h.params[1].Layout != 0 {
		to = h.params[1].Layout
	}
	start := time.Now()
	c, err := given.WithLayout(to)
	if err != nil {
		return fmt.Errorf("converting the %s metadata to the kernel's %s: %v", from, to, err)
	}
	h.convertTime = time.Since(start)
	h.tensor, h.comp, h.fromMeta, h.fromLayout = fromMatrix(dense), c, raw, from
	return nil
}
