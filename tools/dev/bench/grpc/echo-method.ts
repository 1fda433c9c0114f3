/** The one rpc of the echo server bench:unary-client calls. */
export const ECHO_PATH = "/m3.bench.v1.Echo/Echo";
