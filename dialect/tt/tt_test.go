package tt

import (
	"strings"
	"testing"

	"github.com/sparsetriton/sp/ir"
)

func f16t(shape ...int64) ir.RankedTensorType { return ir.NewTensor(shape, ir.F16T) }

func TestTypePrinting(t *testing.T) {
	sp := Sparse()
	cases := []struct {
		typ  ir.Type
		want string
	}{
		{Ptr(ir.F16T), "!tt.ptr<f16>"},
		{PointerType{Pointee: ir.I8, AddrSpace: 3}, "!tt.ptr<i8, 3>"},
		{PointerType{Pointee: ir.F16T, AddrSpace: 1, Encoding: sp}, `!tt.ptr<f16, #tt.sparse<"NV24">>`},
		{PointerType{Pointee: ir.BF16T, AddrSpace: 3, Encoding: sp}, `!tt.ptr<bf16, 3, #tt.sparse<"NV24">>`},
		{Ptr(f16t(128, 128).WithEncoding(sp)), `!tt.ptr<tensor<128x128xf16, #tt.sparse<"NV24">>>`},
		{ir.NewTensor([]int64{64}, Ptr(ir.F32T)), "tensor<64x!tt.ptr<f32>>"},
		{MemDescType{Shape: []int64{3, 64, 16}, Elem: ir.F16T, Mutable: true}, "!tt.memdesc<3x64x16xf16, mutable>"},
		{MemDescType{Shape: []int64{64}, Elem: ir.F16T, AllocShape: []int64{2, 64}}, "!tt.memdesc<64xf16, 2x64>"},
		{TensorDescType{Block: f16t(128, 64)}, "!tt.tensordesc<tensor<128x64xf16>>"},
	}
	for _, c := range cases {
		if got := ir.TypeString(c.typ); got != c.want {
			t.Errorf("got %s, want %s", got, c.want)
		}
	}
}

func TestStrippedPointerBody(t *testing.T) {
	ctx := ir.NewContext(Dialect())
	fn := NewFunc(ctx, "k", ir.FunctionType{Inputs: []ir.Type{Ptr(ir.F16T), ir.I64, ir.I32}}, "")
	b := ir.NewBuilder(ctx)
	blk := fn.Regions[0].Entry()
	b.SetInsertionPointToEnd(blk)
	a := blk.Args()
	bp := Ptr(f16t(128, 32))
	mk := b.Create("tt.make_tensor_ptr", []*ir.Value{a[0], a[1], a[1], a[1], a[1], a[2], a[2]}, []ir.Type{bp},
		ir.NamedAttr{Name: "order", Value: ir.I32Array(1, 0)})
	adv := b.Create("tt.advance", []*ir.Value{mk.Result(0), a[2], a[2]}, []ir.Type{bp})
	NewLoad(b, adv.Result(0), nil, nil)
	b.Create("tt.return", nil, nil)
	want := `tt.func @k(%arg0: !tt.ptr<f16>, %arg1: i64, %arg2: i32) {
  %0 = tt.make_tensor_ptr %arg0, [%arg1, %arg1], [%arg1, %arg1], [%arg2, %arg2] {order = array<i32: 1, 0>} : <tensor<128x32xf16>>
  %1 = tt.advance %0, [%arg2, %arg2] : <tensor<128x32xf16>>
  %2 = tt.load %1 : !tt.ptr<tensor<128x32xf16>>
  tt.return
}`
	if got := strings.TrimSpace(ir.Print(fn, ir.PrintOptions{})); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if err := ir.Verify(fn); err != nil {
		t.Fatal(err)
	}
}

func TestSparseEncodingVerifier(t *testing.T) {
	sp := Sparse()
	cases := []struct {
		shape []int64
		elem  ir.Type
		want  string
	}{
		{[]int64{64, 64}, ir.F16T, ""},
		{[]int64{64, 64}, ir.BF16T, ""},
		{[]int64{64, 64}, Ptr(ir.F16T), ""},
		{[]int64{4, 64, 64}, ir.F16T, `#tt.sparse<"NV24"> requires a rank-2 tensor, got rank 3`},
		{[]int64{64, 64}, ir.F32T, `#tt.sparse<"NV24"> requires f16, bf16, f8E4M3FN, f8E5M2 or i8 elements, got f32`},
		{[]int64{64, 30}, ir.F16T, `#tt.sparse<"NV24"> requires the compressed (last) dimension to be a multiple of 4, got 30`},
	}
	for _, c := range cases {
		err := sp.VerifyEncoding(c.shape, c.elem)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("VerifyEncoding(%v, %s) = %q, want %q", c.shape, ir.TypeString(c.elem), got, c.want)
		}
	}
}

func TestBlockSparseEncoding(t *testing.T) {
	b := BlockSparse(128, 64)
	if got := ir.AttrString(b); got != `#tt.sparse<"BSR24", block = [128, 64]>` {
		t.Errorf("print = %s", got)
	}
	if b.Equal(BlockSparse(64, 128)) || b.Equal(Sparse()) || !b.Equal(BlockSparse(128, 64)) {
		t.Error("Equal ignores the block or the format")
	}
	if err := b.VerifyEncoding([]int64{128, 64}, ir.F16T); err != nil {
		t.Error(err)
	}
	if err := b.VerifyEncoding([]int64{64, 64}, ir.F16T); err == nil {
		t.Error("a 64x64 tensor verifies with a 128x64 block")
	}
	bp := Ptr(f16t(128, 64).WithEncoding(b))
	if !IsBlockSparse(bp) || !IsBlockSparse(PointerType{Pointee: ir.F16T, AddrSpace: 1, Encoding: b}) || IsBlockSparse(Ptr(f16t(128, 64).WithEncoding(Sparse()))) {
		t.Error("IsBlockSparse")
	}
	if a, ok := SparseEncodingOf(bp); !ok || a != b {
		t.Errorf("SparseEncodingOf = %v, %v", a, ok)
	}
	if base, _ := MakeTensorPtrBaseType(bp); !ir.TypeEqual(base, PointerType{Pointee: ir.F16T, AddrSpace: 1, Encoding: b}) {
		t.Errorf("MakeTensorPtrBaseType = %s", ir.TypeString(base))
	}
}

func TestSparsePredicates(t *testing.T) {
	sp := Sparse()
	st := f16t(128, 128).WithEncoding(sp)
	if !IsSparseTensor(st) || IsSparseTensor(f16t(128, 128)) {
		t.Error("IsSparseTensor")
	}
	if !IsSparsePointer(PointerType{Pointee: ir.F16T, AddrSpace: 1, Encoding: sp}) || IsSparsePointer(Ptr(ir.F16T)) {
		t.Error("IsSparsePointer")
	}
	if !IsSparseTensorPointer(Ptr(st)) || IsSparseTensorPointer(Ptr(f16t(128, 128))) {
		t.Error("IsSparseTensorPointer")
	}
	if got := ValuesShape([]int64{128, 128}); !ir.ShapeEqual(got, []int64{128, 64}) {
		t.Errorf("ValuesShape = %v", got)
	}
	if got := MetadataShape([]int64{128, 128}); !ir.ShapeEqual(got, []int64{8, 128}) {
		t.Errorf("MetadataShape = %v", got)
	}
	if got, _ := LoadResultType(Ptr(st)); !ir.TypeEqual(got, st) {
		t.Errorf("LoadResultType(sparse block ptr) = %s", ir.TypeString(got))
	}
	if got, _ := StoreValueType(Ptr(st)); !ir.TypeEqual(got, f16t(128, 64)) {
		t.Errorf("StoreValueType(sparse block ptr) = %s", ir.TypeString(got))
	}
	base, _ := MakeTensorPtrBaseType(Ptr(st))
	if ir.TypeString(base) != `!tt.ptr<f16, #tt.sparse<"NV24">>` {
		t.Errorf("MakeTensorPtrBaseType = %s", ir.TypeString(base))
	}
}

func TestEnumAttrs(t *testing.T) {
	if got := ir.AttrString(EnumOf(CacheCA)); got != "#tt<cache ca>" {
		t.Errorf("got %s", got)
	}
	if got := ir.AttrString(EnumOf(SemAcqRel)); got != "#tt<sem acq_rel>" {
		t.Errorf("got %s", got)
	}
	if v, ok := DecodeEnum[EvictionPolicy](ir.I32Attr(3)); !ok || v != EvictLast {
		t.Errorf("DecodeEnum(3 : i32) = %v, %v", v, ok)
	}
	if _, ok := DecodeEnum[EvictionPolicy](ir.I32Attr(9)); ok {
		t.Error("DecodeEnum accepted an invalid case")
	}
	if _, ok := DecodeEnum[EvictionPolicy](EnumOf(CacheCA)); ok {
		t.Error("DecodeEnum accepted an enum of another kind")
	}
	if RMWXchg.String() != "exch" || ScopeSystem.String() != "sys" || PrecisionTF32x3.String() != "tf32x3" {
		t.Error("enum spellings")
	}
}

// kernel builds `tt.func @k(args...)` and returns the builder positioned in it.
func kernel(t *testing.T, ins ...ir.Type) (*ir.Operation, *ir.Builder, []*ir.Value) {
	t.Helper()
	ctx := ir.NewContext(Dialect())
	fn := NewFunc(ctx, "k", ir.FunctionType{Inputs: ins}, "public")
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToEnd(fn.Regions[0].Entry())
	return fn, b, fn.Regions[0].Entry().Args()
}

func TestDotPrinting(t *testing.T) {
	fn, b, a := kernel(t, f16t(128, 64), ir.NewTensor([]int64{8, 128}, ir.I16), f16t(128, 64), ir.NewTensor([]int64{128, 64}, ir.F32T), ir.NewTensor([]int64{64, 64}, ir.F32T))
	NewDot(b, a[0], a[2], a[3], a[1], SparseIndexA, PrecisionTF32)
	NewDot(b, a[4], a[4], a[4], nil, SparseIndexDense, PrecisionTF32).SetAttr("maxNumImpreciseAcc", ir.I32Attr(0))
	b.Create("tt.return", nil, nil)
	SetArgAttrs(fn, []ir.DictAttr{ir.NewDict(ir.NamedAttr{Name: "tt.divisibility", Value: ir.I32Attr(16)}), {}, {}, {}, {}})
	got := strings.TrimSpace(ir.Print(fn, ir.PrintOptions{}))
	want := `tt.func public @k(%arg0: tensor<128x64xf16> {tt.divisibility = 16 : i32}, %arg1: tensor<8x128xi16>, %arg2: tensor<128x64xf16>, %arg3: tensor<128x64xf32>, %arg4: tensor<64x64xf32>) {
  %0 = tt.dot %arg0, %arg2, %arg3, %arg1, sparseIndex = 0, inputPrecision = tf32 : tensor<128x64xf16>, tensor<8x128xi16> * tensor<128x64xf16> -> tensor<128x64xf32>
  %1 = tt.dot %arg4, %arg4, %arg4, inputPrecision = tf32 : tensor<64x64xf32> * tensor<64x64xf32> -> tensor<64x64xf32>
  tt.return
}`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if err := ir.Verify(fn); err != nil {
		t.Fatal(err)
	}
	gen := strings.TrimSpace(ir.Print(fn, ir.PrintOptions{Generic: true}))
	for _, frag := range []string{
		`"tt.func"() <{arg_attrs = [{tt.divisibility = 16 : i32}, {}, {}, {}, {}], function_type = (tensor<128x64xf16>, tensor<8x128xi16>, tensor<128x64xf16>, tensor<128x64xf32>, tensor<64x64xf32>) -> (), sym_name = "k", sym_visibility = "public"}> ({`,
		`%0 = "tt.dot"(%arg0, %arg2, %arg3, %arg1) <{inputPrecision = #tt<precision tf32>, sparseIndex = 0 : i32}> : (tensor<128x64xf16>, tensor<128x64xf16>, tensor<128x64xf32>, tensor<8x128xi16>) -> tensor<128x64xf32>`,
	} {
		if !strings.Contains(gen, frag) {
			t.Errorf("generic form lacks %s\n%s", frag, gen)
		}
	}
}

// verifyMsg builds one op in a kernel and returns the verifier message.
func verifyMsg(t *testing.T, ins []ir.Type, build func(b *ir.Builder, a []*ir.Value)) string {
	t.Helper()
	fn, b, a := kernel(t, ins...)
	build(b, a)
	b.Create("tt.return", nil, nil)
	err := ir.Verify(fn)
	if err == nil {
		return ""
	}
	return err.(*ir.Diagnostic).Msg
}

func TestVerifierMessages(t *testing.T) {
	i32t := func(s ...int64) ir.RankedTensorType { return ir.NewTensor(s, ir.I32) }
	f32t := func(s ...int64) ir.RankedTensorType { return ir.NewTensor(s, ir.F32T) }
	i16t := func(s ...int64) ir.RankedTensorType { return ir.NewTensor(s, ir.I16) }
	cast := func(name string, to ir.Type, attrs ...ir.NamedAttr) func(b *ir.Builder, a []*ir.Value) {
		return func(b *ir.Builder, a []*ir.Value) { b.Create(name, a[:1], []ir.Type{to}, attrs...) }
	}
	dot := func(si int) func(b *ir.Builder, a []*ir.Value) {
		return func(b *ir.Builder, a []*ir.Value) {
			var e *ir.Value
			if len(a) > 3 {
				e = a[3]
			}
			NewDot(b, a[0], a[1], a[2], e, si, PrecisionIEEE)
		}
	}
	cases := []struct {
		name  string
		ins   []ir.Type
		build func(b *ir.Builder, a []*ir.Value)
		want  string
	}{
		{"broadcast rank", []ir.Type{i32t(64)}, cast("tt.broadcast", i32t(64, 64)),
			"'tt.broadcast' op rank of source must be same as rank of result"},
		{"broadcast dim", []ir.Type{i32t(2, 1)}, cast("tt.broadcast", i32t(4, 4)),
			"'tt.broadcast' op Different dimensions at index 0 between source and result.  Broadcast requires the source dimension to be 1."},
		{"broadcast ok", []ir.Type{i32t(1, 4)}, cast("tt.broadcast", i32t(4, 4)), ""},
		{"reshape", []ir.Type{i32t(512)}, cast("tt.reshape", i32t(16, 16)),
			"'tt.reshape' op number of src and dst elements of reshape must be the same"},
		{"reshape ok", []ir.Type{i32t(512)}, cast("tt.reshape", i32t(16, 32)), ""},
		{"expand_dims", []ir.Type{i32t(64)}, cast("tt.expand_dims", i32t(64, 2), ir.NamedAttr{Name: "axis", Value: ir.I32Attr(1)}),
			"'tt.expand_dims' op result type tensor<64x2xi32> does not match the expected type tensor<64x1xi32>"},
		{"expand_dims ok", []ir.Type{i32t(64)}, cast("tt.expand_dims", i32t(1, 64), ir.NamedAttr{Name: "axis", Value: ir.I32Attr(0)}), ""},
		{"load result", []ir.Type{ir.NewTensor([]int64{64}, Ptr(ir.F16T))}, cast("tt.load", f32t(64), ir.NamedAttr{Name: AttrOperandSegmentSizes, Value: ir.I32Array(1, 0, 0)}),
			"'tt.load' op result $result must have the type loaded through $ptr (tensor<64xf16>), got tensor<64xf32>"},
		{"load segments", []ir.Type{ir.NewTensor([]int64{64}, Ptr(ir.F16T))}, cast("tt.load", f16t(64)),
			"'tt.load' op requires attribute 'operandSegmentSizes'"},
		{"store value", []ir.Type{Ptr(f16t(128, 128).WithEncoding(Sparse())), f16t(128, 128)},
			func(b *ir.Builder, a []*ir.Value) { b.Create("tt.store", a, nil) },
			`'tt.store' op operand $value must have the type stored through $ptr (tensor<128x64xf16>), got tensor<128x128xf16>`},
		{"dense dot ok", []ir.Type{f16t(128, 32), f16t(32, 64), f32t(128, 64)}, dot(-1), ""},
		{"dense dot K", []ir.Type{f16t(128, 32), f16t(64, 64), f32t(128, 64)}, dot(-1),
			"'tt.dot' op expected the last dimension of the first operand to be equal to the second-to-last dimension of the second operand (B must be KxN with K = 32 from A (128x32), got 64x64)"},
		{"dense dot C", []ir.Type{f16t(128, 32), f16t(32, 64), f32t(64, 64)}, dot(-1),
			"'tt.dot' op accumulator C must be MxN = 128x64 (M from A, N from B), got 64x64"},
		{"dot widths", []ir.Type{f16t(128, 32), f32t(32, 64), f32t(128, 64)}, dot(-1),
			"'tt.dot' op element types of operands A and B must have same bit width"},
		{"sparse A before decomposition", []ir.Type{f16t(128, 128).WithEncoding(Sparse()), f16t(128, 64), f32t(128, 64)}, dot(-1), ""},
		{"sparse dot ok", []ir.Type{f16t(128, 64), f16t(128, 64), f32t(128, 64), i16t(8, 128)}, dot(0), ""},
		{"sparse dot values", []ir.Type{f16t(128, 128), f16t(128, 64), f32t(128, 64), i16t(8, 128)}, dot(0),
			"'tt.dot' op sparse tt.dot (sparseIndex = 0): values operand A must be MxK/2 = 128x64, got 128x128"},
		{"sparse dot meta", []ir.Type{f16t(128, 64), f16t(128, 64), f32t(128, 64), i16t(16, 128)}, dot(0),
			"'tt.dot' op sparse tt.dot (sparseIndex = 0): metadata operand e must be M/16xK = 8x128, got 16x128"},
		{"sparse dot meta type", []ir.Type{f16t(128, 64), f16t(128, 64), f32t(128, 64), i32t(8, 128)}, dot(0),
			"'tt.dot' op sparse tt.dot (sparseIndex = 0): metadata operand e must have i16 elements, got i32"},
		{"sparse dot B", []ir.Type{f16t(128, 64), f16t(128, 32), f32t(128, 64), i16t(8, 128)}, dot(0),
			"'tt.dot' op sparse tt.dot (sparseIndex = 0): B must be KxN = 128x64 (N from C), got 128x32"},
		{"sparse B dot ok", []ir.Type{f16t(32, 128), f16t(64, 64), f32t(32, 64), i16t(4, 128)}, dot(1), ""},
		{"sparse B dot values", []ir.Type{f16t(32, 128), f16t(128, 32), f32t(32, 64), i16t(4, 128)}, dot(1),
			"'tt.dot' op sparse tt.dot (sparseIndex = 1): values operand B must be K/2xN = 64x64, got 128x32"},
		{"sparse B dot meta", []ir.Type{f16t(32, 128), f16t(64, 64), f32t(32, 64), i16t(8, 64)}, dot(1),
			"'tt.dot' op sparse tt.dot (sparseIndex = 1): metadata operand e (of Bᵀ) must be N/16xK = 4x128, got 8x64"},
		{"sparse dot without e", []ir.Type{f16t(128, 64), f16t(128, 64), f32t(128, 64)}, dot(0),
			"'tt.dot' op sparse tt.dot (sparseIndex = 0): requires the metadata operand e"},
		{"make_range", nil, func(b *ir.Builder, _ []*ir.Value) {
			b.Create("tt.make_range", nil, []ir.Type{i32t(32)}, ir.NamedAttr{Name: "start", Value: ir.I32Attr(0)}, ir.NamedAttr{Name: "end", Value: ir.I32Attr(64)})
		}, "'tt.make_range' op number of elements in returned tensor, 32, must match size of range [0, 64), which has 64 elements"},
	}
	for _, c := range cases {
		if got := verifyMsg(t, c.ins, c.build); got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}
