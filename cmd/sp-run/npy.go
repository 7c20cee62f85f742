package main

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"

	"github.com/sparsetriton/sp/internal/atomicfile"
)

// readNPY reads a NumPy .npy file (format 1.0-3.0, C order, little-endian
// f2/f4/f8/i1/i2/i4/i8/b1). bf16 has no NumPy type: want == "bf16" reads
// a <u2 or <i2 array holding the bit patterns.
func readNPY(path string, want dtype) (*Tensor, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil {
		return nil, err
	} else if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", path)
	}
	raw, err := io.ReadAll(f)
	if err != nil {
		return nil, err
	}
	t, err := decodeNPY(raw, want)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return t, nil
}

var (
	npyDescr   = regexp.MustCompile(`'descr'\s*:\s*'([^']*)'`)
	npyFortran = regexp.MustCompile(`'fortran_order'\s*:\s*(True|False)`)
	npyShape   = regexp.MustCompile(`'shape'\s*:\s*\(([^)]*)\)`)
)

func decodeNPY(raw []byte, want dtype) (*Tensor, error) {
	if len(raw) < 10 || !bytes.Equal(raw[:6], []byte("\x93NUMPY")) {
		return nil, errors.New("not a .npy file (bad magic)")
	}
	var hlen, start int
	switch raw[6] {
	case 1:
		hlen, start = int(binary.LittleEndian.Uint16(raw[8:])), 10
	case 2, 3:
		if len(raw) < 12 {
			return nil, errors.New("truncated .npy header")
		}
		hlen, start = int(binary.LittleEndian.Uint32(raw[8:])), 12
	default:
		return nil, fmt.Errorf("unsupported .npy version %d", raw[6])
	}
	if start+hlen > len(raw) {
		return nil, errors.New("truncated .npy header")
	}
	header := string(raw[start : start+hlen])
	data := raw[start+hlen:]
	descr := npyDescr.FindStringSubmatch(header)
	shape := npyShape.FindStringSubmatch(header)
	if descr == nil || shape == nil {
		return nil, fmt.Errorf("malformed .npy header %q", strings.TrimSpace(header))
	}
	if f := npyFortran.FindStringSubmatch(header); f != nil && f[1] == "True" {
		return nil, errors.New("Fortran-order arrays are not supported (save with np.ascontiguousarray)")
	}
	d, err := npyDType(descr[1], want)
	if err != nil {
		return nil, err
	}
	var dims []int
	for _, s := range strings.Split(shape[1], ",") {
		if s = strings.TrimSpace(s); s == "" {
			continue
		}
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 {
			return nil, fmt.Errorf("bad shape entry %q", s)
		}
		dims = append(dims, n)
	}
	t := &Tensor{Shape: dims, DType: d}
	need, ok := tensorBytes(dims, d.size())
	if !ok || int64(len(data)) != need {
		if !ok {
			return nil, fmt.Errorf("shape (%s) of %s has more bytes than fit in 64 bits, the file has %d", shape[1], d, len(data))
		}
		return nil, fmt.Errorf("shape (%s) of %s needs %d data bytes, the file has %d", shape[1], d, need, len(data))
	}
	t.Data = append([]byte(nil), data...)
	return t, nil
}

func npyDType(descr string, want dtype) (dtype, error) {
	if want == "bf16" && (descr == "<u2" || descr == "<i2") {
		return "bf16", nil
	}
	if _, ok := want.fp8(); ok && descr == "|u1" {
		return want, nil // fp8 codes; the spec's dtype names the format
	}
	if descr == "|u1" || descr == "|b1" {
		return "i1", nil
	}
	for d, info := range dtypes {
		if info.descr == descr {
			return d, nil
		}
	}
	return "", fmt.Errorf("unsupported .npy dtype %q (want little-endian f2, f4, f8, i1, i2, i4, i8 or b1)", descr)
}

// writeNPY writes t as a version 1.0 .npy file (bf16 as <u2 bit patterns).
func writeNPY(path string, t *Tensor) error {
	return atomicfile.WriteFile(path, encodeNPY(t), 0o644)
}

// encodeNPY is the .npy file of t.
func encodeNPY(t *Tensor) []byte {
	descr := dtypes[t.DType].descr
	if t.DType == "bf16" {
		descr = "<u2"
	}
	shape := ""
	for _, d := range t.Shape {
		shape += strconv.Itoa(d) + ", "
	}
	if len(t.Shape) > 1 {
		shape = strings.TrimSuffix(shape, " ")
		shape = strings.TrimSuffix(shape, ",")
	}
	header := fmt.Sprintf("{'descr': '%s', 'fortran_order': False, 'shape': (%s), }", descr, shape)
	pad := 64 - (10+len(header)+1)%64
	header += strings.Repeat(" ", pad%64) + "\n"
	var buf bytes.Buffer
	buf.WriteString("\x93NUMPY\x01\x00")
	binary.Write(&buf, binary.LittleEndian, uint16(len(header)))
	buf.WriteString(header)
	buf.Write(t.Data)
	return buf.Bytes()
}
