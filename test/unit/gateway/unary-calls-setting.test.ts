/** M3_GATEWAY_UNARY_CALLS: how the standalone gateway makes its unary calls (gateway/config.ts). */
import test from "ava";
import { readGatewayConfig } from "../../../gateway/config.js";
import { UNARY_CALL_CLIENTS } from "../../../gateway/src/engine/channel-config.js";

test("the gateway's unary calls go by the exchange unless told otherwise", (t) => {
  t.is(readGatewayConfig({}).unaryCalls, "exchange");
});

test("each way of making unary calls can be chosen", (t) => {
  t.deepEqual(UNARY_CALL_CLIENTS, ["exchange", "http2", "grpc-js"]);
  for (const unaryCalls of UNARY_CALL_CLIENTS) {
    t.is(readGatewayConfig({ M3_GATEWAY_UNARY_CALLS: unaryCalls }).unaryCalls, unaryCalls);
  }
});

test("an unknown way is refused at start, naming the ones there are", (t) => {
  const error = t.throws(() => readGatewayConfig({ M3_GATEWAY_UNARY_CALLS: "carrier-pigeon" }));
  t.is(
    error?.message,
    'M3_GATEWAY_UNARY_CALLS must be one of exchange, http2, grpc-js, not "carrier-pigeon"',
  );
});
