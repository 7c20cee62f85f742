package sparse

import (
	"math/rand/v2"
	"testing"
)

const benchN = 4096

func benchMatrix() Matrix {
	rng := rand.New(rand.NewPCG(9, 10))
	m := NewMatrix(F16, benchN, benchN)
	for i := range benchN * benchN {
		m.elems().set(i, F16.FromFloat32(float32(rng.NormFloat64())))
	}
	return m
}

// BenchmarkPrune4096 prunes a 4096 x 4096 f16 matrix (a copy is included).
func BenchmarkPrune4096(b *testing.B) {
	m := benchMatrix()
	b.SetBytes(int64(len(m.Data)))
	for b.Loop() {
		if _, err := Prune(m); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCompress4096 compresses a pruned 4096 x 4096 f16 matrix.
func BenchmarkCompress4096(b *testing.B) {
	m, err := Prune(benchMatrix())
	if err != nil {
		b.Fatal(err)
	}
	for _, l := range []Layout{Natural, CutlassSM80} {
		b.Run(l.String(), func(b *testing.B) {
			b.SetBytes(int64(len(m.Data)))
			for b.Loop() {
				if _, err := Compress(m, l); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
