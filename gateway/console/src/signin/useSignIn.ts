import { ref } from "vue";
import { dataOf, kb } from "../api/client";
import { useSession } from "../composables/useSession";

/** The claims of a kb token the console uses: who, and what they may do. */
function claimsOf(token: string): { name?: string; role?: string } {
  const payload = token.split(".")[1] ?? "";
  try {
    return JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/"))) as {
      name?: string;
      role?: string;
    };
  } catch {
    return {};
  }
}

/** POST /kb/v1/auth/login with Basic credentials; the token is kept for this tab. */
export function useSignIn() {
  const { signIn } = useSession();
  const error = ref<string>();
  const busy = ref(false);
  async function submit(username: string, password: string): Promise<boolean> {
    busy.value = true;
    error.value = undefined;
    try {
      const authorization = `Basic ${btoa(unescape(encodeURIComponent(`${username}:${password}`)))}`;
      const answer = await dataOf(kb.POST("/v1/auth/login", { headers: { Authorization: authorization } }));
      const claims = claimsOf(answer.access_token);
      signIn({
        username: claims.name ?? username,
        role: claims.role ?? "unknown",
        token: answer.access_token,
      });
      return true;
    } catch (failure) {
      error.value = (failure as Error).message;
      return false;
    } finally {
      busy.value = false;
    }
  }
  return { submit, error, busy };
}
