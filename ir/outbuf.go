package ir

import (
	"io"
	"unsafe"
)

// outBuf is the printer's output: a byte buffer that, with a writer
// attached, is handed to the writer in pieces of about flushSize bytes, so
// that printing a large module to a file or pipe holds no copy of the
// whole text. Without a writer it accumulates the text, and String returns
// it without a copy: bytes once written are never changed (the buffer only
// grows by appending), as with strings.Builder.
type outBuf struct {
	b   []byte
	w   io.Writer
	err error // the writer's first error; later output is dropped
}

const flushSize = 64 << 10

func (o *outBuf) WriteString(s string) {
	o.b = append(o.b, s...)
	if o.w != nil && len(o.b) >= flushSize {
		o.flush()
	}
}

func (o *outBuf) writeBytes(b []byte) {
	o.b = append(o.b, b...)
	if o.w != nil && len(o.b) >= flushSize {
		o.flush()
	}
}

// flush hands the buffered bytes to the writer (none attached: a no-op).
func (o *outBuf) flush() {
	if o.w == nil {
		return
	}
	if o.err == nil && len(o.b) > 0 {
		_, o.err = o.w.Write(o.b)
	}
	o.b = o.b[:0]
}

// String returns the text accumulated without a writer.
func (o *outBuf) String() string {
	if len(o.b) == 0 {
		return ""
	}
	return unsafe.String(&o.b[0], len(o.b))
}
