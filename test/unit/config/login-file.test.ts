import test from "ava";
import { LoginFileCodec } from "../../../services/config/login-file/login-file.codec.js";
import { DomainError } from "../../../services/kit/errors/domain-error.js";

const codec = new LoginFileCodec("deployment key");
const content = { url: "http://localhost:8080/config", username: "admin", password: "pä:ss word" };

function refusal(t: import("ava").ExecutionContext, file: string): void {
  const error = t.throws(() => codec.decode(file), { instanceOf: DomainError });
  t.is(error?.code, "UNAUTHENTICATED");
  t.is(error?.message, "Invalid login file");
}

test("a login file is three lines, the URL in clear and the credentials encrypted", (t) => {
  const file = codec.encode(content);
  const lines = file.trimEnd().split("\n");
  t.is(lines.length, 3);
  t.is(lines[0], content.url);
  t.false(file.includes("admin"));
  for (const line of lines.slice(1)) t.regex(line, /^[A-Za-z0-9+/]+={0,2}$/);
});

test("a login file opens to the credentials it was made from, with surrounding blank lines and CRLF", (t) => {
  t.deepEqual(codec.decode(codec.encode(content)), content);
  const crlf = `\n\n${codec.encode(content).trimEnd().split("\n").join("\r\n")}\r\n\n`;
  t.deepEqual(codec.decode(crlf), content);
});

test("encrypting twice gives different files (a fresh nonce per line)", (t) => {
  t.not(codec.encode(content), codec.encode(content));
});

test("a file with one changed byte, a changed URL or swapped lines does not open", (t) => {
  const [url = "", username = "", password = ""] = codec.encode(content).trimEnd().split("\n");
  const flipped = `${username.slice(0, 10)}${username[10] === "A" ? "B" : "A"}${username.slice(11)}`;
  refusal(t, [url, flipped, password].join("\n"));
  refusal(t, ["http://evil.example.org/config", username, password].join("\n"));
  refusal(t, [url, password, username].join("\n"));
});

test("a file made with another key (another deployment) does not open", (t) => {
  refusal(t, new LoginFileCodec("another key").encode(content));
});

test("text that is not a login file does not open", (t) => {
  refusal(t, "");
  refusal(t, "http://localhost/config\nonly-two-lines");
  refusal(t, "http://localhost/config\nnot base64!\nnot base64!");
  refusal(t, "http://localhost/config\nAAAA\nAAAA");
  refusal(t, `${codec.encode(content)}extra line`);
});

test("an empty key is refused at start", (t) => {
  t.throws(() => new LoginFileCodec(""), { message: /must not be empty/ });
});
