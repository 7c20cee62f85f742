package swizzle

import (
	"strings"
	"testing"
)

// (1) Every load of every operand in the test grid is conflict-free with
// the chosen layout.
func TestChosenLayoutsConflictFree(t *testing.T) {
	forGrid(func(o operand, warps [2]int) {
		sh := o.choose()
		loads := o.loads(sh, warps)
		if len(loads) == 0 {
			t.Errorf("%v warps %v: no loads generated", o, warps)
		}
		if sum, worst, n := totalConflicts(loads); sum != 0 {
			t.Errorf("%v warps %v with %v: %d extra wavefronts; worst %q: %d", o, warps, sh, sum, worst.What, n)
		}
	})
}

// (2) Unswizzled, every ldmatrix operand conflicts, by exactly the derived
// amount: a phase reads one 16-byte vector from 8 consecutive stored rows of
// R bytes each; they fall into 8 / min(8, R/16) distinct 16-byte bank groups,
// so each phase needs min(8, R/16) wavefronts and an x4 load
// 4*(min(8, R/16) - 1) extra ones (every shape of the grid has R ≥ 32).
func TestUnswizzledLdmatrixConflicts(t *testing.T) {
	forGrid(func(o operand, warps [2]int) {
		if o.meta == MetaMetadata {
			return
		}
		un := Unswizzled(o.order)
		rowBytes := o.shape[o.order[0]] * o.elem.bits / 8
		want := 4 * (min(8, rowBytes/16) - 1)
		for _, ld := range o.loads(un, warps) {
			if got := Conflicts(ld.Acc); got != want || got == 0 {
				t.Errorf("%v warps %v unswizzled, %q: %d extra wavefronts, want %d > 0", o, warps, ld.What, got, want)
				return
			}
		}
	})
}

// (2, metadata) Each metadata load reads, in its single phase, the 64
// contiguous bytes of one K-slice of one band: conflict-free unswizzled,
// and under every valid layout that keeps i16 pairs whole (XOR with a phase
// maps an aligned block of vectors onto another aligned block of the same
// row). This is why the chosen metadata layout is the plain one
// (maxPhase = 1); the test pins the fact so that a change of the access
// pattern that makes the swizzle matter is noticed.
func TestMetadataAnyLayoutConflictFree(t *testing.T) {
	forGrid(func(o operand, warps [2]int) {
		if o.meta != MetaMetadata {
			return
		}
		for _, sh := range append(allRowLayouts(o.shape[1]), Unswizzled(o.order)) {
			if sum, worst, n := totalConflicts(o.loads(sh, warps)); sum != 0 {
				t.Errorf("%v warps %v, %v: %d extra wavefronts; worst %q: %d", o, warps, sh, sum, worst.What, n)
				return
			}
		}
	})
}

// (3) BK = 32: the metadata layout has maxPhase ≥ 1 (the reference fork's
// rule gives 0 here) and its loads are conflict-free.
func TestMetadataBK32(t *testing.T) {
	for _, bm := range blockSizes {
		o := operand{"E", 0, MetaMetadata, [2]int{bm / 16, 32}, rowMajor, elemType{"i16", 16}}
		sh := o.choose()
		if sh.MaxPhase < 1 || sh.Validate(32) != nil {
			t.Errorf("%v: chosen %v, want maxPhase ≥ 1 and a valid layout", o, sh)
		}
		if fork := forkRule(o); fork.MaxPhase != 0 {
			t.Errorf("%v: the fork's rule gives %v; expected its degenerate maxPhase 0", o, fork)
		}
		for _, w := range warpGrids {
			loads := o.loads(sh, w)
			if want := bm / 16; len(loads) != want {
				t.Errorf("%v warps %v: %d loads, want one per band (%d)", o, w, len(loads), want)
			}
			if sum, worst, n := totalConflicts(loads); sum != 0 {
				t.Errorf("%v warps %v: %d extra wavefronts; worst %q: %d", o, w, sum, worst.What, n)
			}
		}
	}
}

// (4) Any BK that is a multiple of 32 is accepted for the metadata, not
// only the grid's: the chosen layout is valid, maxPhase ≥ 1, and its loads
// are conflict-free and deliver the ptx.md §1.5 registers.
func TestMetadataAnyBKMultipleOf32(t *testing.T) {
	for _, bk := range []int{32, 96, 160, 192, 224, 256, 512} {
		for _, bands := range []int{1, 2, 3, 8} {
			o := operand{"E", 0, MetaMetadata, [2]int{bands, bk}, rowMajor, elemType{"i16", 16}}
			if err := CheckDotOperand(0, 2, 16, o.shape, rowMajor, MetaMetadata); err != nil {
				t.Fatalf("%v: %v", o, err)
			}
			sh := o.choose()
			if sh.MaxPhase < 1 || sh.Validate(bk) != nil {
				t.Errorf("%v: chosen %v, want maxPhase ≥ 1 and a valid layout", o, sh)
			}
			for _, w := range warpGrids {
				if sum, worst, n := totalConflicts(o.loads(sh, w)); sum != 0 {
					t.Errorf("%v warps %v: %d extra wavefronts; worst %q: %d", o, w, sum, worst.What, n)
				}
				if err := checkMetaFragments(o, sh, w); err != nil {
					t.Errorf("%v warps %v: %v", o, w, err)
				}
			}
		}
	}
}

// (5) A sparse dot's three shared operands get three different layouts.
func TestSparseDotOperandsDiffer(t *testing.T) {
	f16 := elemType{"f16", 16}
	values := operand{"A values", 0, MetaValues, [2]int{128, 32}, rowMajor, f16}.choose()
	b := operand{"B", 1, MetaDense, [2]int{64, 128}, rowMajor, f16}.choose()
	meta := operand{"E", 0, MetaMetadata, [2]int{8, 64}, rowMajor, elemType{"i16", 16}}.choose()
	if values.Equal(b) || values.Equal(meta) || b.Equal(meta) {
		t.Errorf("BM = BN = 128, BK = 64: values %v, B %v, metadata %v are not pairwise different", values, b, meta)
	}
}

// The ldmatrix rule is Triton 3.1's Ampere rule, re-derived: compare with
// the rule as sparse-fork.md §5 transcribes it (matShape = {8, 8, 4 kWidth},
// needTrans = false).
func TestMatchesTritonAmpereRule(t *testing.T) {
	forGrid(func(o operand, _ [2]int) {
		got, fork := o.choose(), forkRule(o)
		switch {
		case o.meta != MetaMetadata && !got.Equal(fork):
			t.Errorf("%v: chose %v, Triton's rule gives %v", o, got, fork)
		case o.meta == MetaMetadata && o.shape[1] >= 64 && !got.Equal(fork):
			t.Errorf("%v: chose %v, the fork gives %v (should agree for BK ≥ 64)", o, got, fork)
		}
	})
}

// forkRule transcribes sparse-fork.md §5 (the fork's SharedEncodingAttr
// builder, Ampere branch) for 2-D operands.
func forkRule(o operand) Shared {
	kW, bits := o.kWidth(), o.elem.bits
	perPhase := max(1, 128/(o.shape[o.order[0]]*4/kW))
	inner := 0
	if o.opIdx == 1 {
		inner = 1
	}
	if vecWidth := 32 / bits; vecWidth != kW && o.order[0] == inner {
		perPhase = max(perPhase, 2*vecWidth)
	}
	if o.meta > 0 {
		return Shared{Vec: 8, PerPhase: perPhase, MaxPhase: 1 / perPhase, Order: o.order}
	}
	matShape := [3]int{8, 8, 4 * kW}
	fast, slow := matShape[2], matShape[0] // A, K contiguous: vec = k, stride = m
	if o.opIdx == 1 {
		fast, slow = matShape[1], matShape[2] // B, N contiguous: vec = n, stride = k
	}
	if o.order[0] != 1 {
		fast, slow = slow, fast
	}
	return Shared{Vec: fast, PerPhase: perPhase, MaxPhase: slow / perPhase, Order: o.order}
}

func TestCheckDotOperand(t *testing.T) {
	tests := []struct {
		opIdx, kWidth, bits int
		shape               [2]int
		order               []int
		meta                int
		wantErr             string
	}{
		{0, 2, 16, [2]int{128, 64}, rowMajor, MetaDense, ""},
		{0, 2, 16, [2]int{8, 32}, rowMajor, MetaMetadata, ""},
		{2, 2, 16, [2]int{128, 64}, rowMajor, MetaDense, "opIdx"},
		{0, 2, 16, [2]int{128, 64}, rowMajor, 2, "meta = 2"},
		{1, 2, 16, [2]int{32, 128}, rowMajor, MetaValues, "only a sparse A"},
		{0, 2, 16, [2]int{128, 64}, []int{0, 0}, MetaDense, "order"},
		{0, 2, 16, [2]int{0, 64}, rowMajor, MetaDense, "not positive"},
		{0, 1, 32, [2]int{128, 64}, rowMajor, MetaDense, "only 16-bit"},
		{0, 4, 16, [2]int{128, 64}, rowMajor, MetaDense, "kWidth = 4"},
		{0, 2, 16, [2]int{8, 64}, colMajor, MetaMetadata, "must be contiguous"},
		{0, 2, 16, [2]int{8, 48}, rowMajor, MetaMetadata, "multiple of 32"},
		{0, 2, 16, [2]int{8, 16}, rowMajor, MetaMetadata, "multiple of 32"},
		{0, 2, 16, [2]int{3, 96}, rowMajor, MetaMetadata, ""},
		{0, 2, 16, [2]int{16, 224}, rowMajor, MetaMetadata, ""},
		{0, 2, 16, [2]int{128, 48}, rowMajor, MetaDense, "96 bytes"},
		{0, 2, 16, [2]int{128, 4}, rowMajor, MetaDense, "8 bytes"},
	}
	for _, tt := range tests {
		err := CheckDotOperand(tt.opIdx, tt.kWidth, tt.bits, tt.shape, tt.order, tt.meta)
		if tt.wantErr == "" && err != nil || tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)) {
			t.Errorf("CheckDotOperand(%d, %d, %d, %v, %v, %d) = %v, want %q",
				tt.opIdx, tt.kWidth, tt.bits, tt.shape, tt.order, tt.meta, err, tt.wantErr)
		}
	}
}

func TestForDotOperandRejectsInvalid(t *testing.T) {
	if _, err := ForDotOperand(0, 2, 16, [2]int{8, 48}, rowMajor, MetaMetadata); err == nil {
		t.Error("ForDotOperand accepted a 48-column metadata tile")
	}
}
