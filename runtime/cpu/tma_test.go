package cpu

import (
	"context"
	"encoding/binary"
	"strconv"
	"strings"
	"testing"
)

// tmaKernel copies a 4x8 i16 tile at (row, col) of a rows x cols tensor
// through a device-made tensor map (box {{BOX}}, innermost first) into
// shared memory, waits on its mbarrier and stores the tile to out.
const tmaKernel = `
#nv0 = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#bl = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k(%src: !tt.ptr<i16>, %out: !tt.ptr<i16>, %rows: i32, %cols: i32, %row: i32, %col: i32) {
    %c1 = arith.constant 1 : i32
    %c0 = arith.constant 0 : i32
    %cb0 = arith.constant {{B0}} : i32
    %cb1 = arith.constant {{B1}} : i32
    %c2 = arith.constant {{ESIZE}} : i64
    %true = arith.constant true
    %s = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    %ce = arith.extsi %cols : i32 to i64
    %stride = arith.muli %ce, %c2 : i64
    ttng.tensormap_create %s, %src, [%cb0, %cb1], [%cols, %rows], [%stride], [%c1, %c1] {elem_type = 1 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = {{SW}} : i32} : (!tt.ptr<i8>, !tt.ptr<i16>, i32, i32, i32, i32, i64, i32, i32) -> ()
    ttng.tensormap_fenceproxy_acquire %s : !tt.ptr<i8>
    %d = ttng.reinterpret_tensor_descriptor %s : !tt.ptr<i8> to !tt.tensordesc<tensor<4x8xi16, #nv0>>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<4x8xi16, #nv0, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    {{INIT}}
    ttng.barrier_expect %bar, {{BYTES}}, %true : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.async_tma_copy_global_to_local %d[%row, %col] %buf, %bar, %true : !tt.tensordesc<tensor<4x8xi16, #nv0>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<4x8xi16, #nv0, #smem, mutable>
    {{ARRIVE}}
    ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    {{WAIT2}}
    ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    %t = ttg.local_load %buf : !ttg.memdesc<4x8xi16, #nv0, #smem, mutable> -> tensor<4x8xi16, #bl>
    %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32, #ttg.slice<{dim = 1, parent = #bl}>>
    %r2 = tt.expand_dims %r {axis = 1 : i32} : tensor<4xi32, #ttg.slice<{dim = 1, parent = #bl}>> -> tensor<4x1xi32, #bl>
    %c8 = arith.constant dense<8> : tensor<4x1xi32, #bl>
    %ro = arith.muli %r2, %c8 : tensor<4x1xi32, #bl>
    %cc = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32, #ttg.slice<{dim = 0, parent = #bl}>>
    %c2d = tt.expand_dims %cc {axis = 0 : i32} : tensor<8xi32, #ttg.slice<{dim = 0, parent = #bl}>> -> tensor<1x8xi32, #bl>
    %rb = tt.broadcast %ro : tensor<4x1xi32, #bl> -> tensor<4x8xi32, #bl>
    %cbb = tt.broadcast %c2d : tensor<1x8xi32, #bl> -> tensor<4x8xi32, #bl>
    %off = arith.addi %rb, %cbb : tensor<4x8xi32, #bl>
    %po = tt.splat %out : !tt.ptr<i16> -> tensor<4x8x!tt.ptr<i16>, #bl>
    %p = tt.addptr %po, %off : tensor<4x8x!tt.ptr<i16>, #bl>, tensor<4x8xi32, #bl>
    tt.store %p, %t : tensor<4x8x!tt.ptr<i16>, #bl>
    tt.return
  }
}`

const tmaInit = `ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>`

func tmaSrc(r *strings.Replacer) string {
	def := strings.NewReplacer("{{B0}}", "8", "{{B1}}", "4", "{{ESIZE}}", "2", "{{SW}}", "0", "{{INIT}}", tmaInit,
		"{{BYTES}}", "64", "{{WAIT2}}", "", "{{ARRIVE}}", "")
	return def.Replace(r.Replace(tmaKernel))
}

// runTMA runs the kernel on a 10 x 16 tensor src[i][j] = 100 i + j and
// returns the 4x8 tile it stored.
func runTMA(t *testing.T, src string, row, col int64) ([]int16, error) {
	t.Helper()
	k, err := NewKernel(parse(t, "tma.mlir", src), "")
	if err != nil {
		return nil, err
	}
	const rows, cols = 10, 16
	g := make([]byte, 2*rows*cols)
	for i := range rows {
		for j := range cols {
			binary.LittleEndian.PutUint16(g[2*(i*cols+j):], uint16(100*i+j))
		}
	}
	mem := NewMemory()
	in := mem.Alloc("src", g)
	out := mem.Alloc("out", make([]byte, 2*32))
	err = k.Launch(context.Background(), mem, [3]int{2, 1, 1}, []Arg{PtrArg(in), PtrArg(out), IntArg(rows), IntArg(cols), IntArg(row), IntArg(col)}, LaunchOptions{})
	res := make([]int16, 32)
	for i := range res {
		res[i] = int16(binary.LittleEndian.Uint16(mem.Bytes(out)[2*i:]))
	}
	return res, err
}

// TestTMALoad: a tile reaching past the tensor's last rows and columns reads
// zeros there, and so does one at negative coordinates.
func TestTMALoad(t *testing.T) {
	checkTiles(t, tmaSrc(strings.NewReplacer()), 4, 8, func(i, j int64) (int64, int64) { return i, j })
}

// checkTiles runs the kernel src at several (row, col) of runTMA's tensor
// and compares its rows x cols tile: tile[i][j] is src[row + r][col + c]
// with (r, c) = at(i, j), zero outside the 10 x 16 tensor.
func checkTiles(t *testing.T, src string, rows, cols int64, at func(i, j int64) (int64, int64)) {
	t.Helper()
	for _, c := range [][2]int64{{0, 0}, {8, 12}, {-2, -3}, {3, 8}} {
		got, err := runTMA(t, src, c[0], c[1])
		if err != nil {
			t.Fatalf("at %v: %v", c, err)
		}
		for i := range rows {
			for j := range cols {
				dr, dc := at(i, j)
				r, cc := c[0]+dr, c[1]+dc
				want := int16(0)
				if r >= 0 && r < 10 && cc >= 0 && cc < 16 {
					want = int16(100*r + cc)
				}
				if g := got[i*cols+j]; g != want {
					t.Errorf("at %v: tile[%d][%d] = %d, want %d", c, i, j, g, want)
				}
			}
		}
	}
}

// TestTMALoadColumnMajor: a tile staged column-major (NVMMA transposed,
// order [0, 1]: the K-major B of an 8-bit wgmma) takes the tensor map's
// innermost dimension as its dimension 0, and its coordinates in that
// order: tile[i][j] = src[row + j][col + i], zero outside the tensor.
func TestTMALoadColumnMajor(t *testing.T) {
	src := tmaSrc(strings.NewReplacer(
		"#nv0 = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false", "#nv0 = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = true",
		"4x8xi16, #nv0", "8x4xi16, #nv0",
		"%d[%row, %col]", "%d[%col, %row]",
		"-> tensor<4x8xi16, #bl>", "-> tensor<8x4xi16, #bl2>",
		"tt.store %p, %t : tensor<4x8x!tt.ptr<i16>, #bl>", "%tc = ttg.convert_layout %t : tensor<8x4xi16, #bl2> -> tensor<8x4xi16, #bl3>\n    %tr = tt.reshape %tc : tensor<8x4xi16, #bl3> -> tensor<4x8xi16, #bl>\n    tt.store %p, %tr : tensor<4x8x!tt.ptr<i16>, #bl>",
		"#smem = #ttg.shared_memory", "#bl2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>\n#bl3 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>\n#smem = #ttg.shared_memory",
	))
	checkTiles(t, src, 8, 4, func(i, j int64) (int64, int64) { return j, i })
}

// TestArriveBarrier: a barrier initialised for two arrivals completes its
// phase with the expect's arrival and one arrive_barrier, not without it.
func TestArriveBarrier(t *testing.T) {
	init2 := "ttng.init_barrier %bar, 2 : !ttg.memdesc<1xi64, #bar, #smem, mutable>"
	arrive := "ttng.arrive_barrier %bar, 1, %true : !ttg.memdesc<1xi64, #bar, #smem, mutable>"
	if _, err := runTMA(t, tmaSrc(strings.NewReplacer("{{INIT}}", init2, "{{ARRIVE}}", arrive)), 0, 0); err != nil {
		t.Fatal(err)
	}
	_, err := runTMA(t, tmaSrc(strings.NewReplacer("{{INIT}}", init2)), 0, 0)
	if err == nil || !strings.Contains(err.Error(), "still expects 1 arrivals and 0 transaction bytes") {
		t.Fatalf("got %v, want a hang for the missing arrival", err)
	}
	two := "ttng.arrive_barrier %bar, 2 : !ttg.memdesc<1xi64, #bar, #smem, mutable>"
	_, err = runTMA(t, tmaSrc(strings.NewReplacer("{{INIT}}", init2, "{{ARRIVE}}", two)), 0, 0)
	if err == nil || !strings.Contains(err.Error(), "3 arrivals on an mbarrier that expects 2 per phase") {
		t.Fatalf("got %v, want too many arrivals", err)
	}
}

// TestTMAErrors: misuse that would fault or hang on the GPU is an error
// naming the op.
func TestTMAErrors(t *testing.T) {
	for _, c := range []struct {
		name string
		r    *strings.Replacer
		want string
	}{
		{"box not dividing the tile", strings.NewReplacer("{{B1}}", "3"), "tile's dimension 0 (4) is not a whole number of the map's boxes (3)"},
		{"box inner extent", strings.NewReplacer("{{B0}}", "4"), "box's inner extent (8 bytes) must be a multiple of 16"},
		{"swizzle span", strings.NewReplacer("{{SW}}", "1", "{{B0}}", "32"), "exceeds the 32-byte swizzle span"},
		{"stride", strings.NewReplacer("[%stride]", "[%c2]", "{{ESIZE}}", "40"), "global_stride[0] = 40 bytes must be a positive multiple of 16"},
		{"no init", strings.NewReplacer("{{INIT}}", ""), "used before init_barrier"},
		{"short expect", strings.NewReplacer("{{BYTES}}", "128"), "waiting for the phase of parity 0, which never completes"},
		{"second wait", strings.NewReplacer("{{WAIT2}}", "ttng.wait_barrier %bar, %c1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>"), "parity 1, which never completes"},
		{"bad box", strings.NewReplacer("{{B1}}", "300"), "box_dim[1] = 300 is not in 1..256"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := runTMA(t, tmaSrc(c.r), 0, 0)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want an error containing %q", err, c.want)
			}
		})
	}
}

// FuzzTMA runs the tensor-map kernel with fuzzed boxes, element size,
// swizzle and coordinates: each run ends in the right tile or in an error,
// never in an internal error (a recovered panic).
func FuzzTMA(f *testing.F) {
	f.Add(uint16(8), uint16(4), uint8(2), uint8(0), int32(8), int32(12))
	f.Add(uint16(16), uint16(2), uint8(2), uint8(1), int32(-3), int32(0))
	f.Fuzz(func(t *testing.T, b0, b1 uint16, esize, sw uint8, row, col int32) {
		r := strings.NewReplacer("{{B0}}", strconv.Itoa(int(b0)), "{{B1}}", strconv.Itoa(int(b1)),
			"{{ESIZE}}", strconv.Itoa(int(esize)), "{{SW}}", strconv.Itoa(int(sw%5)))
		_, err := runTMA(t, tmaSrc(r), int64(row), int64(col))
		if err != nil && strings.Contains(err.Error(), "internal error") {
			t.Fatal(err)
		}
	})
}
