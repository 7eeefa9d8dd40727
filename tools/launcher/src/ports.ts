import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * The ports the system hands out to outgoing connections and to listeners on
 * port 0: Linux's ip_local_port_range, else the IANA dynamic range that macOS
 * and Windows use. A port in it that is free now may be taken by any
 * connection a moment later.
 */
function ephemeralPorts(): { low: number; high: number } {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    if (Number.isInteger(low) && Number.isInteger(high)) return { low: low!, high: high! };
  } catch {
    // Not Linux: the IANA range below.
  }
  return { low: 49_152, high: 65_535 };
}

/**
 * A run of consecutive free ports (the services' gRPC servers sit at fixed
 * offsets), outside the ephemeral range: connections the system opens
 * meanwhile (to PostgreSQL, say) cannot take them before they are bound.
 */
export async function freePortRange(size: number): Promise<number> {
  const { low, high } = ephemeralPorts();
  // Bases between 20000 and the ephemeral range, and above it; any base from
  // 20000 when the ephemeral range leaves no room.
  const outside = [
    { from: 20_000, to: low - size },
    { from: high + 1, to: 65_536 - size },
  ].filter(({ from, to }) => to >= from);
  const spans = outside.length > 0 ? outside : [{ from: 20_000, to: 65_536 - size }];
  const count = spans.reduce((sum, { from, to }) => sum + to - from + 1, 0);
  for (let attempt = 0; attempt < 50; attempt++) {
    let pick = Math.floor(Math.random() * count);
    let base = 0;
    for (const { from, to } of spans) {
      if (pick <= to - from) {
        base = from + pick;
        break;
      }
      pick -= to - from + 1;
    }
    const free = await Promise.all(Array.from({ length: size }, (_, i) => portIsFree(base + i)));
    if (free.every(Boolean)) return base;
  }
  throw new Error('no free port range for the gRPC servers');
}

export async function portIsFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}
