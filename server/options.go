package server

import "stolik/engine"

// renewOptions are a stored table's options made fit for a new table of
// game (its rematch): a value only stored tables keep (turn_cap 0, no cap)
// becomes the option's default.
func (s *Server) renewOptions(game string, options map[string]any) map[string]any {
	g, err := s.lookup(game)
	if err != nil {
		return options
	}
	return engine.RenewOptions(g.Options(), options)
}
