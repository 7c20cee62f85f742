//go:build cuda

package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"

	"github.com/sparsetriton/sp/dialect/all"
	"github.com/sparsetriton/sp/lower/ptx"
	"github.com/sparsetriton/sp/pass"
	"github.com/sparsetriton/sp/runtime/cuda"
	"github.com/sparsetriton/sp/sparse"
)

// cudaRunner runs a PTX kernel through runtime/cuda.
type cudaRunner struct {
	dev  *cuda.Device
	kern *cuda.Kernel
	perm *cuda.Kernel // metaPermutePTX, loaded on first use
	km   *kernelManifest
	// scratch is the kernel's global scratch (manifest globalScratch),
	// passed after the manifest's params; grown to the largest grid.
	scratch      *cuda.Buffer
	scratchBytes int64
}

// convertMeta implements metaConverter: the given metadata and the
// permutation to the kernel's layout go to the device, metaPermutePTX
// writes the converted copy (timed over 5 launches after a warm-up, median
// in ms), and the result is checked against the host conversion.
func (r *cudaRunner) convertMeta(_ string, src []int16, from sparse.Layout, want *sparse.Compressed) (buffer, float64, error) {
	rows, cols := want.MetaShape()
	perm, err := metaPermutation(rows, cols, from, want.Layout)
	if err != nil {
		return nil, 0, err
	}
	if r.perm == nil {
		if r.perm, err = r.dev.LoadPTX(metaPermutePTX, metaPermuteEntry, metaPermuteThreads, 0); err != nil {
			return nil, 0, err
		}
	}
	srcBytes := make([]byte, 2*len(src))
	for i, v := range src {
		srcBytes[2*i], srcBytes[2*i+1] = byte(uint16(v)), byte(uint16(v)>>8)
	}
	permBytes := make([]byte, 4*len(perm))
	for i, v := range perm {
		u := uint32(v)
		permBytes[4*i], permBytes[4*i+1], permBytes[4*i+2], permBytes[4*i+3] = byte(u), byte(u>>8), byte(u>>16), byte(u>>24)
	}
	sb, err := r.dev.Alloc(srcBytes)
	if err != nil {
		return nil, 0, err
	}
	defer r.dev.Free(sb)
	pb, err := r.dev.Alloc(permBytes)
	if err != nil {
		return nil, 0, err
	}
	defer r.dev.Free(pb)
	db, err := r.dev.Alloc(make([]byte, 2*len(perm)))
	if err != nil {
		return nil, 0, err
	}
	n := len(perm)
	grid := [3]int{(n + metaPermuteThreads - 1) / metaPermuteThreads, 1, 1}
	params := []cuda.Param{cuda.PtrParam(db), cuda.PtrParam(sb), cuda.PtrParam(pb), cuda.IntParam(int64(n))}
	times, err := r.dev.Time(r.perm, grid, params, 1, 5)
	if err != nil {
		r.dev.Free(db)
		return nil, 0, err
	}
	got := make([]byte, 2*n)
	if err := r.dev.Read(db, got); err != nil {
		r.dev.Free(db)
		return nil, 0, err
	}
	if !bytes.Equal(got, want.MetaBytes()) {
		r.dev.Free(db)
		return nil, 0, fmt.Errorf("the device conversion %s -> %s differs from the host's", from, want.Layout)
	}
	sort.Float64s(times)
	return db, times[len(times)/2] * 1e3, nil
}

// openDevice caches the device opened by compileGPU for newCUDARunner
// (one context per process).
var openDevice *cuda.Device

func device(ordinal int) (*cuda.Device, error) {
	if openDevice != nil {
		return openDevice, nil
	}
	d, err := cuda.Open(ordinal)
	if err != nil {
		return nil, err
	}
	openDevice = d
	return d, nil
}

// gpuName is the name of CUDA device ordinal (tuning records key on it).
func gpuName(ordinal int) (string, error) {
	d, err := device(ordinal)
	if err != nil {
		return "", err
	}
	return d.Name, nil
}

func newCUDARunner(prog *program, ordinal int) (runner, error) {
	if prog.gpu == nil {
		return nil, fmt.Errorf("%s: no PTX to run on the GPU", prog.Source)
	}
	d, err := device(ordinal)
	if err != nil {
		return nil, err
	}
	k, err := d.LoadPTX(prog.ptx, prog.gpu.Name, prog.gpu.ThreadsPerBlock, prog.gpu.SharedBytes)
	if err != nil {
		return nil, fmt.Errorf("loading %s: %w", prog.Source, err)
	}
	return &cudaRunner{dev: d, kern: k, km: prog.gpu}, nil
}

func (r *cudaRunner) describe() string { return "cuda " + r.dev.String() }

func (r *cudaRunner) alloc(_ string, data []byte) (buffer, error) { return r.dev.Alloc(data) }

func (r *cudaRunner) read(b buffer, dst []byte) error { return r.dev.Read(b.(*cuda.Buffer), dst) }

// params are the launch parameters: args, then the global scratch buffer
// when the kernel takes one (sized for grid).
func (r *cudaRunner) params(grid [3]int, args []kernelArg) ([]cuda.Param, error) {
	ps := r.argParams(args)
	n, err := scratchBytes(r.km, grid)
	if err != nil || n == 0 {
		return ps, err
	}
	if n > r.scratchBytes {
		if r.scratch != nil {
			r.dev.Free(r.scratch)
		}
		if r.scratch, err = r.dev.Alloc(make([]byte, n)); err != nil {
			r.scratch, r.scratchBytes = nil, 0
			return nil, fmt.Errorf("global scratch: %v", err)
		}
		r.scratchBytes = n
	}
	return append(ps, cuda.PtrParam(r.scratch)), nil
}

func (r *cudaRunner) argParams(args []kernelArg) []cuda.Param {
	ps := make([]cuda.Param, len(args))
	for i, a := range args {
		switch {
		case a.isPtr:
			ps[i] = cuda.PtrParam(a.buf.(*cuda.Buffer))
		case a.isFloat && a.dtype == "f64":
			ps[i] = cuda.F64Param(a.f)
		case a.isFloat:
			ps[i] = cuda.F32Param(float32(a.f))
		default:
			ps[i] = cuda.IntParam(a.i)
		}
	}
	return ps
}

func (r *cudaRunner) launch(grid [3]int, args []kernelArg) error {
	grid = ctaGrid(r.km, grid)
	ps, err := r.params(grid, args)
	if err != nil {
		return err
	}
	return r.dev.Launch(r.kern, grid, ps)
}

func (r *cudaRunner) timeLaunches(grid [3]int, args []kernelArg, t timing) ([]float64, error) {
	mode, err := cuda.ParseTimingMode(t.mode)
	if err != nil {
		return nil, err
	}
	grid = ctaGrid(r.km, grid)
	ps, err := r.params(grid, args)
	if err != nil {
		return nil, err
	}
	return r.dev.TimeMode(r.kern, grid, ps, mode, t.warmup, t.iters, t.batchSize())
}

func (r *cudaRunner) free(b buffer) { r.dev.Free(b.(*cuda.Buffer)) }

// close frees this run's buffers; the context stays for the next shape.
func (r *cudaRunner) close() {
	r.dev.FreeAll()
	r.scratch, r.scratchBytes = nil, 0
}

// compileGPU runs sp-pipeline (built in code from encoding's pass list,
// no registry) and lower/ptx on the module, for the device's target.
func compileGPU(prog *program, o options) error {
	d, err := device(o.device)
	if err != nil {
		return err
	}
	sm := o.sm
	if sm == 0 {
		sm = d.SM
	}
	switch {
	case sm >= 90:
		sm = 90
	case sm == 89: // Ada: fp8 mma.sp (m16n8k64 .e4m3/.e5m2)
	case sm >= 80:
		sm = 80
	}
	pm, err := gpuPipeline(fmt.Sprintf("cuda:%d", sm), o.numWarps, o.numStages, o.pipelineOpts)
	if err != nil {
		return err
	}
	if err := pm.Run(prog.module, pass.RunOptions{IR: all.Context()}); err != nil {
		return err
	}
	res, err := ptx.Lower(prog.module, ptx.Options{SM: sm, PTXVersion: tmaPTXVersion(prog.module, d.Driver)})
	if err != nil {
		return err
	}
	raw, err := res.Manifest.JSON()
	if err != nil {
		return err
	}
	var mf manifestFile
	if err := json.Unmarshal(raw, &mf); err != nil {
		return fmt.Errorf("lower/ptx manifest: %v", err)
	}
	km, err := pickKernel(&mf, prog.Name, "lower/ptx")
	if err != nil {
		return err
	}
	prog.ptx, prog.gpu, prog.Layout = res.PTX, km, sparse.Band16
	prog.target, prog.ptxVer = mf.Target, mf.PTXVersion
	if km.MetadataLayout != "" {
		if prog.Layout, err = sparse.ParseLayout(km.MetadataLayout); err != nil {
			return err
		}
	}
	params, err := manifestParams(km)
	if err != nil {
		return fmt.Errorf("lower/ptx manifest: %v", err)
	}
	// Keep the roles found in the TTIR (A/B) for the sparse parameters.
	for i := range params {
		if i < len(prog.Params) {
			params[i].Operand = prog.Params[i].Operand
		}
	}
	prog.Params = params
	return nil
}
