import test from "ava";
import { AllowedHosts } from "../../../services/capture/crops/sources/allowed-hosts.js";

test("without a list every host is allowed, as skimmer does", (t) => {
  const hosts = new AllowedHosts([]);
  t.false(hosts.restricted);
  t.true(hosts.allows(new URL("http://169.254.169.254/latest")));
});

test("a list allows its exact names and addresses and the subdomains of its *. entries, without case", (t) => {
  const hosts = new AllowedHosts([" Images.MBARI.org ", "*.fathomnet.org", "10.1.2.3", "[::1]", ""]);
  t.true(hosts.restricted);
  t.true(hosts.allows(new URL("https://images.mbari.org/a.png")));
  t.true(hosts.allows(new URL("https://database.fathomnet.org/x.jpg")));
  t.true(hosts.allows(new URL("http://10.1.2.3:8080/x.jpg")));
  t.true(hosts.allows(new URL("http://[::1]:8080/x.jpg")));
  t.false(hosts.allows(new URL("https://fathomnet.org.evil.example/x.jpg")));
  t.false(hosts.allows(new URL("https://fathomnet.org/x.jpg")), "*.domain names its subdomains only");
  t.false(hosts.allows(new URL("https://mbari.org/a.png")));
  t.false(hosts.allows(new URL("http://169.254.169.254/latest")));
});
