import { computed, ref } from "vue";

/** The signed-in kb user, kept for this tab only (sessionStorage), as the brief of the console asks. */
const STORAGE_KEY = "m3.session";

export interface Session {
  username: string;
  role: string;
  token: string;
}

function readStored(): Session | undefined {
  try {
    const stored = sessionStorage.getItem(STORAGE_KEY);
    return stored ? (JSON.parse(stored) as Session) : undefined;
  } catch {
    return undefined;
  }
}

const current = ref<Session | undefined>(readStored());

export function useSession() {
  return {
    session: computed(() => current.value),
    /** Admins and maintainers may edit the kb; editing screens are offered to them only. */
    canEdit: computed(() => ["admin", "maint"].includes(current.value?.role.toLowerCase() ?? "")),
    /** Only administrators approve or reject pending changes (the kb refuses anyone else). */
    canApprove: computed(() => current.value?.role.toLowerCase() === "admin"),
    signIn(session: Session) {
      current.value = session;
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(session));
    },
    signOut() {
      current.value = undefined;
      sessionStorage.removeItem(STORAGE_KEY);
    },
  };
}

/** The bearer token of the signed-in user, for the API client. */
export const currentToken = (): string | undefined => current.value?.token;
