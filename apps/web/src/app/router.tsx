import { createBrowserRouter, type RouteObject } from "react-router";
import { AppLayout } from "./AppLayout.tsx";
import { RouteError } from "./RouteError.tsx";

/** Each page is its own chunk: the first route downloads only what it shows. */
function page(load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, "lazy"> {
  return { lazy: async () => ({ Component: (await load()).default }) };
}

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      { path: "/create-pool/*", ...page(() => import("../features/create-pool/CreatePoolRoute.tsx")) },
      { path: "*", ...page(() => import("../features/not-found/NotFoundPage.tsx")) },
    ],
  },
];

export const router = createBrowserRouter(routes);
