package server

import (
	"context"
	"errors"
	"time"

	"github.com/nats-io/nats.go"
)

// While a node's connection to the bus is down, the NATS client keeps what
// it is asked to send until it is back, and a request or a flush waits for
// its answer until its timeout: seconds. So nothing that needs the bus is
// tried then; the client is answered 503 at once, and any wait on the bus
// ends as soon as the connection goes down.

// errOffBus: this node's connection to the bus is down.
var errOffBus = errors.New("server: this node is cut off from the bus")

// offBusRetry is the Retry-After of a request refused while the node is
// off the bus: by then the bus may be back, or the load balancer may send
// the client to a node that is on it.
const offBusRetry = time.Second

// flushTimeout bounds a flush while the bus is up.
const flushTimeout = 5 * time.Second

// onBus says whether the node's connection to the bus is up.
func (c *cluster) onBus() bool { return c.nc.IsConnected() }

// watchBus follows the connection's status, so that a wait on the bus
// ends when it goes down (busDown).
func (c *cluster) watchBus() {
	c.statuses = c.nc.StatusChanged(nats.CONNECTED, nats.RECONNECTING, nats.DISCONNECTED, nats.CLOSED)
	c.busDown()
	go func() {
		for range c.statuses { // closed by close
			c.busDown()
		}
	}()
}

// busDown is closed while the connection to the bus is down, and replaced
// by an open one once it is back.
func (c *cluster) busDown() <-chan struct{} {
	up := c.onBus()
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.down == nil {
		c.down = make(chan struct{})
	}
	select {
	case <-c.down:
		if up {
			c.down = make(chan struct{})
		}
	default:
		if !up {
			close(c.down)
		}
	}
	return c.down
}

// whileOnBus is ctx, cancelled with errOffBus once the bus goes down.
func (c *cluster) whileOnBus(ctx context.Context) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancelCause(ctx)
	down := c.busDown()
	go func() {
		select {
		case <-down:
			cancel(errOffBus)
		case <-ctx.Done():
		}
	}()
	return ctx, func() { cancel(context.Canceled) }
}

// offBus is err, or errOffBus if ctx ended because the bus went down.
func offBus(ctx context.Context, err error) error {
	if err != nil && errors.Is(context.Cause(ctx), errOffBus) {
		return errOffBus
	}
	return err
}

// request sends data on subject and waits for the answer, for patience at
// most, and no longer than the bus is up.
func (c *cluster) request(ctx context.Context, subject string, data []byte) (*nats.Msg, error) {
	if !c.onBus() {
		return nil, errOffBus
	}
	ctx, cancel := context.WithTimeout(ctx, c.patience)
	defer cancel()
	ctx, stop := c.whileOnBus(ctx)
	defer stop()
	m, err := c.nc.RequestWithContext(ctx, subject, data)
	return m, offBus(ctx, err)
}

// flush waits until the bus has everything sent so far (subscriptions
// above all), no longer than flushTimeout or than the bus is up.
func (c *cluster) flush() error {
	if !c.onBus() {
		return errOffBus
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(c.s.ctx), flushTimeout)
	defer cancel()
	ctx, stop := c.whileOnBus(ctx)
	defer stop()
	return offBus(ctx, c.nc.FlushWithContext(ctx))
}
