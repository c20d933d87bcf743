package report

import (
	"fmt"
	"html"
	"math"
	"strconv"
	"strings"
)

// The charts are inline SVG written here, so that a report needs no
// network, no script and no library to be read: horizontal bars with error
// bars, histograms and heat maps. Every element is closed and every
// attribute quoted, so a report is well-formed XML as well as HTML.

// Bar is one row of a bar chart: a value and, when High > Low, its
// interval.
type Bar struct {
	Label     string
	Value     float64
	Low, High float64
	Title     string // the tooltip; the label when empty
	Mark      bool   // drawn in the accent colour (significant)
}

// BarChart draws bars left to right from 0 to Max (percentages when
// Percent), with a dashed reference line at Ref when Ref > 0.
type BarChart struct {
	Bars    []Bar
	Max     float64
	Ref     float64
	Percent bool
	Comma   bool   // a decimal comma (Polish)
	Label   string // the axis' label
}

const (
	chartWidth = 680
	labelWidth = 220
	rowHeight  = 20
)

func esc(s string) string { return html.EscapeString(s) }

// short cuts a label to n characters.
func short(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

func (c BarChart) format(v float64) string {
	var s string
	switch {
	case c.Percent:
		s = fmt.Sprintf("%.1f%%", 100*v)
	case v == math.Trunc(v) && math.Abs(v) < 1e9:
		s = fmt.Sprintf("%.0f", v)
	default:
		// Enough decimals for the chart's scale: 0.004 is not 0.00.
		prec := 2
		if scale := c.scale(); scale > 0 && scale < 1 {
			prec = min(6, 2+max(0, int(math.Ceil(-math.Log10(scale)))-1))
		}
		s = strconv.FormatFloat(v, 'f', prec, 64)
	}
	if c.Comma {
		s = strings.Replace(s, ".", ",", 1)
	}
	return s
}

// scale is the largest value the chart shows.
func (c BarChart) scale() float64 {
	hi := c.Max
	for _, b := range c.Bars {
		hi = math.Max(hi, math.Max(b.Value, b.High))
	}
	return hi
}

// SVG writes the chart.
func (c BarChart) SVG() string {
	top, bottom := 8, 34
	h := top + bottom + rowHeight*len(c.Bars)
	plot := float64(chartWidth - labelWidth - 70)
	step, hi := niceScale(c.scale())
	x := func(v float64) float64 { return float64(labelWidth) + plot*v/hi }
	var sb strings.Builder
	fmt.Fprintf(&sb, `<svg class="chart" width="%d" height="%d" viewBox="0 0 %d %d" role="img">`, chartWidth, h, chartWidth, h)
	for i := 0; float64(i)*step <= hi*(1+1e-9); i++ {
		v := float64(i) * step
		fmt.Fprintf(&sb, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" class="grid"/>`, x(v), top, x(v), h-bottom+4)
		fmt.Fprintf(&sb, `<text x="%.1f" y="%d" class="tick" text-anchor="middle">%s</text>`, x(v), h-bottom+18, esc(c.format(v)))
	}
	for i, b := range c.Bars {
		y := top + i*rowHeight
		title := b.Title
		if title == "" {
			title = b.Label
		}
		cls := "bar"
		if b.Mark {
			cls = "bar mark"
		}
		fmt.Fprintf(&sb, `<g><title>%s</title>`, esc(title))
		fmt.Fprintf(&sb, `<text x="%d" y="%d" class="label" text-anchor="end">%s</text>`, labelWidth-6, y+14, esc(short(b.Label, 32)))
		fmt.Fprintf(&sb, `<rect x="%d" y="%d" width="%.1f" height="%d" class="%s"/>`, labelWidth, y+3, math.Max(0, x(b.Value)-float64(labelWidth)), rowHeight-6, cls)
		if b.High > b.Low {
			fmt.Fprintf(&sb, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" class="err"/>`, x(b.Low), y+10, x(b.High), y+10)
			fmt.Fprintf(&sb, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" class="err"/>`, x(b.Low), y+6, x(b.Low), y+14)
			fmt.Fprintf(&sb, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" class="err"/>`, x(b.High), y+6, x(b.High), y+14)
		}
		fmt.Fprintf(&sb, `<text x="%.1f" y="%d" class="value">%s</text>`, math.Max(x(b.Value), x(b.High))+4, y+14, esc(c.format(b.Value)))
		sb.WriteString(`</g>`)
	}
	if c.Ref > 0 && c.Ref <= hi {
		fmt.Fprintf(&sb, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" class="ref"/>`, x(c.Ref), top, x(c.Ref), h-bottom+4)
	}
	if c.Label != "" {
		fmt.Fprintf(&sb, `<text x="%.1f" y="%d" class="axis" text-anchor="middle">%s</text>`, x(hi/2), h-2, esc(c.Label))
	}
	sb.WriteString(`</svg>`)
	return sb.String()
}

// Bin is one column of a histogram.
type Bin struct {
	Label string
	Count int
}

// Histogram draws columns of counts.
type Histogram struct {
	Bins  []Bin
	Label string // the x axis' label
}

// SVG writes the histogram.
func (hg Histogram) SVG() string {
	const h, left, top, bottom = 200, 50, 10, 40
	n := max(len(hg.Bins), 1)
	w := float64(chartWidth-left-10) / float64(n)
	most := 1
	for _, b := range hg.Bins {
		most = max(most, b.Count)
	}
	step, top2 := niceScale(float64(most))
	step, most = math.Max(1, math.Round(step)), int(math.Round(top2))
	plot := float64(h - top - bottom)
	var sb strings.Builder
	fmt.Fprintf(&sb, `<svg class="chart" width="%d" height="%d" viewBox="0 0 %d %d" role="img">`, chartWidth, h, chartWidth, h)
	for v := 0.0; v <= float64(most); v += step {
		y := float64(h-bottom) - plot*v/float64(most)
		fmt.Fprintf(&sb, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" class="grid"/>`, left, y, chartWidth-10, y)
		fmt.Fprintf(&sb, `<text x="%d" y="%.1f" class="tick" text-anchor="end">%.0f</text>`, left-4, y+4, v)
	}
	every := max(1, (n+11)/12)
	for i, b := range hg.Bins {
		bh := plot * float64(b.Count) / float64(most)
		x := float64(left) + w*float64(i)
		fmt.Fprintf(&sb, `<g><title>%s: %d</title><rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" class="bar"/></g>`,
			esc(b.Label), b.Count, x+0.5, float64(h-bottom)-bh, math.Max(w-1, 0.5), bh)
		if i%every == 0 {
			fmt.Fprintf(&sb, `<text x="%.1f" y="%d" class="tick" text-anchor="middle">%s</text>`, x+w/2, h-bottom+14, esc(short(b.Label, 10)))
		}
	}
	if hg.Label != "" {
		fmt.Fprintf(&sb, `<text x="%d" y="%d" class="axis" text-anchor="middle">%s</text>`, (left+chartWidth)/2, h-4, esc(hg.Label))
	}
	sb.WriteString(`</svg>`)
	return sb.String()
}

// Cell is one square of a heat map: a score in [0, 1], or none (N = 0).
type Cell struct {
	Value     float64
	Low, High float64
	N         int
}

// HeatMap draws Cells[row][col], coloured from red (0) through white
// (0.5) to blue (1), with the value written in the cells that have room.
type HeatMap struct {
	Rows, Cols []string
	Cells      [][]Cell
	Tooltip    func(r, c int) string
}

// SVG writes the heat map.
func (hm HeatMap) SVG() string {
	cell, font := 30, 11
	if n := max(len(hm.Cols), 1); n > 20 {
		cell, font = max(12, 780/n), 8
	}
	left, top := 160, 130
	w, h := left+cell*len(hm.Cols)+80, top+cell*len(hm.Rows)+10
	var sb strings.Builder
	fmt.Fprintf(&sb, `<svg class="chart heat" width="%d" height="%d" viewBox="0 0 %d %d" role="img">`, w, h, w, h)
	for c, name := range hm.Cols {
		x, y := left+c*cell+cell/2+font/3, top-6
		fmt.Fprintf(&sb, `<text x="%d" y="%d" class="tick" font-size="%d" transform="rotate(-60 %d %d)">%s</text>`, x, y, font, x, y, esc(short(name, 24)))
	}
	for r, name := range hm.Rows {
		y := top + r*cell
		fmt.Fprintf(&sb, `<text x="%d" y="%d" class="tick" font-size="%d" text-anchor="end">%s</text>`, left-6, y+cell/2+font/3, font, esc(short(name, 24)))
		for c := range hm.Cols {
			x := left + c*cell
			v := hm.Cells[r][c]
			tip := ""
			if hm.Tooltip != nil {
				tip = hm.Tooltip(r, c)
			}
			fill := "#eeeeee"
			if v.N > 0 {
				fill = heatColour(v.Value)
			}
			fmt.Fprintf(&sb, `<g><title>%s</title><rect x="%d" y="%d" width="%d" height="%d" fill="%s" class="cell"/>`, esc(tip), x, y, cell, cell, fill)
			if v.N > 0 && cell >= 26 {
				fmt.Fprintf(&sb, `<text x="%d" y="%d" class="cellv" text-anchor="middle">%.0f</text>`, x+cell/2, y+cell/2+4, 100*v.Value)
			}
			sb.WriteString(`</g>`)
		}
	}
	sb.WriteString(`</svg>`)
	return sb.String()
}

// niceScale picks the step between an axis' ticks (1, 2 or 5 times a
// power of ten, five ticks or fewer past 0) and the axis' end, a multiple
// of the step at or above hi.
func niceScale(hi float64) (step, end float64) {
	if hi <= 0 || math.IsNaN(hi) || math.IsInf(hi, 0) {
		return 0.25, 1
	}
	p := math.Pow(10, math.Floor(math.Log10(hi/5)))
	for _, m := range []float64{1, 2, 5, 10} {
		step = m * p
		if hi/step <= 5 {
			break
		}
	}
	return step, math.Ceil(hi/step-1e-9) * step
}

// heatColour is red for 0, white for 0.5 and blue for 1.
func heatColour(v float64) string {
	v = math.Max(0, math.Min(1, v))
	mix := func(a, b int, t float64) int { return int(math.Round(float64(a) + (float64(b)-float64(a))*t)) }
	if v < 0.5 {
		t := v / 0.5
		return fmt.Sprintf("#%02x%02x%02x", mix(0xd7, 0xff, t), mix(0x30, 0xff, t), mix(0x27, 0xff, t))
	}
	t := (v - 0.5) / 0.5
	return fmt.Sprintf("#%02x%02x%02x", mix(0xff, 0x45, t), mix(0xff, 0x75, t), mix(0xff, 0xb4, t))
}
