package sparse

import (
	"errors"
	"testing"
)

// FuzzCompressRoundTrip builds a matrix from arbitrary bytes (any bit
// patterns: NaN, Inf, ±0, subnormals) and checks, for both operands and
// both layouts: Compress succeeds iff Validate does, with the same error;
// Decompress inverts Compress; and Prune's output always round-trips.
func FuzzCompressRoundTrip(f *testing.F) {
	f.Add(uint8(0), uint8(0), []byte{})
	f.Add(uint8(1), uint8(1), []byte{0, 0x80, 1, 0, 0, 0, 0xff, 0x7f, 0, 0x7c})
	f.Add(uint8(2), uint8(3), []byte{0, 0, 0x80, 0x3f, 0, 0, 0, 0x80, 1, 2, 3, 4, 5, 6, 7, 8})
	f.Add(uint8(4), uint8(2), []byte{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 9, 9, 9, 9})
	f.Fuzz(func(t *testing.T, typ, shape uint8, data []byte) {
		d := allDTypes[int(typ)%len(allDTypes)]
		rows, cols := 32*(1+int(shape&1)), 32*(1+int(shape>>1&1))
		x := NewMatrix(d, rows, cols)
		for i := range x.Data {
			if len(data) > 0 {
				// Sparse-ish: every other group of bytes is zero, so that
				// both valid and invalid matrices occur.
				if (i/(4*d.Size()))%2 == 0 || shape&4 != 0 {
					x.Data[i] = data[i%len(data)]
				}
			}
		}
		for _, l := range []Layout{Natural, CutlassSM80} {
			fuzzOperand(t, x, l, OperandA)
			fuzzOperand(t, x, l, OperandB)
		}
	})
}

func fuzzOperand(t *testing.T, x Matrix, l Layout, o Operand) {
	validate, compress, prune := Validate, Compress, Prune
	if o == OperandB {
		validate, compress, prune = ValidateB, CompressB, PruneB
	}
	verr := validate(x)
	c, cerr := compress(x, l)
	var ge *GroupError
	switch {
	case verr != nil && (cerr == nil || cerr.Error() != verr.Error()):
		t.Fatalf("%v %v: Validate: %v, Compress: %v", o, l, verr, cerr)
	case verr != nil && !errors.As(cerr, &ge):
		t.Fatalf("%v %v: Compress error %T, want *GroupError", o, l, cerr)
	case verr == nil && cerr != nil:
		t.Fatalf("%v %v: valid matrix, Compress: %v", o, l, cerr)
	case verr == nil:
		back, err := Decompress(c)
		if err != nil {
			t.Fatalf("%v %v: Decompress: %v", o, l, err)
		}
		requireSame(t, back, x, false)
	}
	p, err := prune(x)
	if err != nil {
		t.Fatal(err)
	}
	pc, err := compress(p, l)
	if err != nil {
		t.Fatalf("%v %v: Compress(Prune(x)): %v", o, l, err)
	}
	back, err := Decompress(pc)
	if err != nil {
		t.Fatalf("%v %v: Decompress: %v", o, l, err)
	}
	requireSame(t, back, p, false)
}
