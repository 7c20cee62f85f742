package layoutviz

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/sparsetriton/sp/dialect/ttgpu"
	"github.com/sparsetriton/sp/lower/ptx"
)

// ptxThread evaluates the 32-bit integer arithmetic of a PTX kernel for one
// thread, in text order, ignoring branches: every instruction runs once,
// so a loop body sees its registers' values on entry to the first
// iteration. Registers whose value does not follow from %tid.x and
// constants (parameters, loads, predicates) are unknown.
type ptxThread struct {
	regs map[string]int64
}

var (
	instrRE = regexp.MustCompile(`^\s*([a-z][a-z0-9.:]*)\s+(.*);\s*$`)
	immRE   = regexp.MustCompile(`^-?(0x[0-9a-fA-F]+|[0-9]+)$`)
)

func (th *ptxThread) val(s string) (int64, bool) {
	s = strings.TrimSpace(s)
	switch {
	case s == "global_smem":
		return 0, true
	case immRE.MatchString(s):
		v, err := strconv.ParseInt(s, 0, 64)
		return v, err == nil
	}
	v, ok := th.regs[s]
	return v, ok
}

// step executes one instruction; it returns false for lines that are not
// instructions with a register destination it understands (the destination
// then becomes unknown).
func (th *ptxThread) step(op string, args []string) {
	if len(args) == 0 || !strings.HasPrefix(args[0], "%") || strings.HasPrefix(args[0], "%p") {
		return
	}
	d := args[0]
	base := strings.Split(op, ".")[0]
	signed := strings.Contains(op, ".s32")
	src := make([]int64, 0, 3)
	for _, a := range args[1:] {
		v, ok := th.val(a)
		if !ok {
			delete(th.regs, d)
			return
		}
		src = append(src, v)
	}
	delete(th.regs, d)
	wrap := func(v int64) int64 {
		if signed {
			return int64(int32(v))
		}
		return int64(uint32(v))
	}
	var r int64
	switch {
	case base == "mov" && len(src) == 1, base == "cvt" && len(src) == 1 && strings.HasSuffix(op, "32") && !strings.Contains(op, ".f"):
		r = src[0]
	case strings.HasPrefix(op, "shfl.sync.idx") && len(src) == 4 && src[1] == 0:
		// The lowering shuffles from lane 0 only to mark a warp-uniform
		// value (the warp index) as such: lane 0 holds this lane's value.
		r = src[0]
	case base == "add" && len(src) == 2:
		r = src[0] + src[1]
	case base == "sub" && len(src) == 2:
		r = src[0] - src[1]
	case base == "mul" && strings.HasPrefix(op, "mul.lo") && len(src) == 2:
		r = src[0] * src[1]
	case base == "mad" && strings.HasPrefix(op, "mad.lo") && len(src) == 3:
		r = src[0]*src[1] + src[2]
	case base == "shl" && len(src) == 2:
		r = src[0] << uint(src[1])
	case base == "shr" && len(src) == 2:
		r = src[0] >> uint(src[1])
	case base == "and" && len(src) == 2:
		r = src[0] & src[1]
	case base == "or" && len(src) == 2:
		r = src[0] | src[1]
	case base == "xor" && len(src) == 2:
		r = src[0] ^ src[1]
	case base == "bfe" && len(src) == 3:
		r = (src[0] >> uint(src[1])) & (1<<uint(src[2]) - 1)
	case base == "min" && len(src) == 2:
		r = min(src[0], src[1])
	case base == "max" && len(src) == 2:
		r = max(src[0], src[1])
	default:
		return
	}
	if !strings.HasSuffix(op, "64") {
		r = wrap(r)
	}
	th.regs[d] = r
}

// sharedLoad is one shared-memory load of the kernel text: its kind and,
// per thread, the byte address it reads.
type sharedLoad struct {
	line  int
	kind  string // "ldmatrix.x4", "ldmatrix.x4.trans", "ld.shared.b32", ...
	addrs []int64
}

var addrRE = regexp.MustCompile(`\[(%r\d+)(?:\+(-?\d+))?\]`)

// sharedLoads runs every thread of the CTA through the kernel and returns
// its ldmatrix and ld.shared instructions with their per-thread addresses.
func sharedLoads(t *testing.T, text string, threads int) []sharedLoad {
	t.Helper()
	lines := strings.Split(text, "\n")
	var loads []sharedLoad
	for tid := 0; tid < threads; tid++ {
		th := &ptxThread{regs: map[string]int64{}}
		n := 0
		for i, l := range lines {
			l = strings.TrimSpace(l)
			if strings.HasPrefix(l, "mov.u32") && strings.HasSuffix(l, "%tid.x;") {
				th.regs[strings.TrimSuffix(strings.Fields(l)[1], ",")] = int64(tid)
				continue
			}
			m := instrRE.FindStringSubmatch(l)
			if m == nil || strings.HasPrefix(l, "@") {
				continue
			}
			op := m[1]
			if strings.HasPrefix(op, "ldmatrix") || strings.HasPrefix(op, "ld.shared") {
				am := addrRE.FindStringSubmatch(m[2])
				if am == nil {
					t.Fatalf("line %d: no address in %q", i+1, l)
				}
				v, ok := th.regs[am[1]]
				if !ok {
					t.Fatalf("line %d, thread %d: the address register %s does not follow from %%tid.x: %q", i+1, tid, am[1], l)
				}
				off, _ := strconv.ParseInt("0"+am[2], 10, 64)
				if tid == 0 {
					kind := strings.TrimSuffix(strings.TrimSuffix(strings.Replace(op, "ldmatrix.sync.aligned.m8n8.", "ldmatrix.", 1), ".shared.b16"), ".b16")
					loads = append(loads, sharedLoad{line: i + 1, kind: kind})
				}
				loads[n].addrs = append(loads[n].addrs, v+off)
				n++
				// A load defines its destinations: unknown values.
				for _, d := range regexp.MustCompile(`%r\d+`).FindAllString(m[2][:strings.Index(m[2], "[")], -1) {
					delete(th.regs, d)
				}
				continue
			}
			th.step(op, splitArgs(m[2]))
		}
	}
	return loads
}

func splitArgs(s string) []string {
	parts := strings.Split(s, ",")
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	return parts
}

// TestPicturesMatchEmittedPTX compiles examples/sparse_matmul.mlir to PTX
// with lower/ptx and evaluates, for each of the 128 threads, the address
// of every ldmatrix and ld.shared.b32 of the main loop's first iteration.
// For each of the three dot operands the bank picture's per-lane
// addresses must equal the emitted ones up to the operand buffer's base
// (a multiple of 128 bytes, so the banks are the same): lane l of warp w
// in the picture is thread 32w + l in the PTX, load i of the picture's
// warp position is the operand's i-th load instruction. With the
// emulation test (pictured loads deliver the pictured registers), the
// register pictures are then what the emitted loads put in the registers.
func TestPicturesMatchEmittedPTX(t *testing.T) {
	mod := compileExample(t, "../examples/sparse_matmul.mlir")
	items, err := Collect(mod)
	if err != nil {
		t.Fatal(err)
	}
	res, err := ptx.Lower(mod, ptx.Options{})
	if err != nil {
		t.Fatal(err)
	}
	loads := sharedLoads(t, res.PTX, 128)
	byKind := map[string][]sharedLoad{}
	for _, l := range loads {
		byKind[l.kind] = append(byKind[l.kind], l)
	}
	checked := 0
	for _, it := range items {
		if it.Banks == nil {
			continue
		}
		bm := it.Banks
		kind, perWarpDim := "ldmatrix.x4", 0
		_, dotText, _ := strings.Cut(it.Key, " -> ")
		rt := mustTensor(t, dotText[strings.Index(dotText, "#"):len(dotText)-1], dotText[:strings.Index(dotText, ",")]+">")
		dot := rt.Encoding.(ttgpu.DotOperandEncoding)
		mma := dot.Parent.(ttgpu.NvidiaMmaEncoding)
		wm, wn := mma.WarpsPerCTA[0], mma.WarpsPerCTA[1]
		switch {
		case dot.Meta == ttgpu.MetaMeta:
			kind = "ld.shared.b32"
		case dot.OpIdx == 1:
			kind, perWarpDim = "ldmatrix.x4.trans", 1
		}
		if strings.Contains(bm.Loads[0].What, ".trans") != strings.Contains(kind, ".trans") {
			t.Fatalf("%s: the picture's first load is %q, the operand's PTX loads are %s", it.Title, bm.Loads[0].What, kind)
		}
		// The loads of one warp position, in order.
		positions := wm
		if perWarpDim == 1 {
			positions = wn
		}
		per := len(bm.Loads) / positions
		ptxLoads := byKind[kind]
		if len(ptxLoads) < per {
			t.Fatalf("%s: %d %s instructions in the PTX, the picture has %d per warp", it.Title, len(ptxLoads), kind, per)
		}
		ptxLoads = ptxLoads[:per] // the main loop's first iteration
		base := int64(-1)
		for i, pl := range ptxLoads {
			for tid := 0; tid < 128; tid++ {
				warp, lane := tid/32, tid%32
				wM, wN := warp%wm, (warp/wm)%wn
				pos := wM
				if perWarpDim == 1 {
					pos = wN
				}
				ld := bm.Loads[pos*per+i]
				if lane >= len(ld.Lanes) {
					continue // ldmatrix.x2: lanes 16..31 supply no address
				}
				d := pl.addrs[tid] - int64(ld.Lanes[lane].Addr)
				if base < 0 {
					base = d
				}
				if d != base {
					t.Fatalf("%s, %s (PTX line %d): thread %d reads byte %d, the picture says %d + base %d",
						it.Title, ld.What, pl.line, tid, pl.addrs[tid], ld.Lanes[lane].Addr, base)
				}
			}
		}
		if base%128 != 0 {
			t.Errorf("%s: the buffer base %d is not 128-byte aligned: banks differ from the picture's", it.Title, base)
		}
		checked++
		t.Logf("%s: %d loads x 128 threads match the emitted PTX (buffer at byte %d)", fmt.Sprint(bm.Operand), per, base)
	}
	if checked != 3 {
		t.Errorf("checked %d dot operands, want 3", checked)
	}
}
