import { createRouter, createWebHashHistory } from "vue-router";
import StatusPage from "./status/StatusPage.vue";

/** Hash routes: every screen is linkable and reloadable without the gateway knowing client paths. */
export const router = createRouter({
  history: createWebHashHistory(),
  routes: [
    // The home screen is in the first bundle: a first visit waits for no second request for it.
    { path: "/", component: StatusPage, meta: { title: "Status" } },
    { path: "/kb/:name?", component: () => import("./kb/KbPage.vue"), meta: { title: "Knowledge base" } },
    { path: "/search", component: () => import("./search/SearchPage.vue"), meta: { title: "Annotations" } },
    { path: "/media", component: () => import("./media/MediaPage.vue"), meta: { title: "Media" } },
    { path: "/dive", component: () => import("./dive/DivePage.vue"), meta: { title: "Dive profile" } },
    {
      path: "/dives/:name/watch",
      component: () => import("./watch/WatchPage.vue"),
      meta: { title: "Watch a dive" },
    },
    { path: "/review", component: () => import("./review/ReviewPage.vue"), meta: { title: "Review boxes" } },
    { path: "/signin", component: () => import("./signin/SignInPage.vue"), meta: { title: "Sign in" } },
  ],
});

router.afterEach((to) => {
  document.title = `${String(to.meta.title ?? "")} · m3 console`;
});
