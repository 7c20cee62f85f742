// Package txtar reads and writes the txtar archive format of
// golang.org/x/tools/txtar (a comment, then files introduced by
// "-- name --" lines), kept here to avoid a new dependency.
package txtar

import (
	"bytes"
	"strings"
)

// File is one archive member.
type File struct {
	Name string
	Data []byte
}

// Archive is a comment and files in order.
type Archive struct {
	Comment []byte
	Files   []File
}

// Parse reads an archive. A file's data runs up to the next marker line;
// every non-empty file ends in a newline.
func Parse(data []byte) *Archive {
	a := &Archive{}
	var cur *File
	for len(data) > 0 {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i+1], data[i+1:]
		} else {
			data = nil
		}
		if name, ok := marker(line); ok {
			a.Files = append(a.Files, File{Name: name})
			cur = &a.Files[len(a.Files)-1]
			continue
		}
		if cur == nil {
			a.Comment = append(a.Comment, line...)
		} else {
			cur.Data = append(cur.Data, line...)
		}
	}
	return a
}

func marker(line []byte) (string, bool) {
	s := strings.TrimRight(string(line), "\r\n")
	if !strings.HasPrefix(s, "-- ") || !strings.HasSuffix(s, " --") || len(s) < 7 {
		return "", false
	}
	return strings.TrimSpace(s[3 : len(s)-3]), true
}

// Format writes an archive; data without a final newline gets one.
func Format(a *Archive) []byte {
	var b bytes.Buffer
	b.Write(a.Comment)
	for _, f := range a.Files {
		b.WriteString("-- " + f.Name + " --\n")
		b.Write(f.Data)
		if len(f.Data) > 0 && f.Data[len(f.Data)-1] != '\n' {
			b.WriteByte('\n')
		}
	}
	return b.Bytes()
}
