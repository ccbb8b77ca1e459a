// @vitest-environment node
import { describe, expect, it } from "vitest";
import { routeSourcesFromRouter } from "./routeBudget.ts";

const router = `
const Home = lazy(() => import("../features/home/HomePage.tsx"));
const Dao = lazy(
  () => import("../features/dao/DaoRoute.tsx"),
);
export const pageRoutes = [
  { path: "/dao/:address/*", Page: Dao },
  { path: "/feed", Page: Home },
];
<Route index element={<Home />} />
`;

describe("routeSourcesFromRouter", () => {
  it("maps the index and every table route to its lazily imported page module", () => {
    expect(routeSourcesFromRouter(router)).toEqual({
      "/": "src/features/home/HomePage.tsx",
      "/dao/:address/*": "src/features/dao/DaoRoute.tsx",
      "/feed": "src/features/home/HomePage.tsx",
    });
  });

  it("refuses a route whose page is not lazily imported, so it cannot escape the budget", () => {
    expect(() => routeSourcesFromRouter(`${router}\n{ path: "/x", Page: Eager }`)).toThrow(
      "Route /x: Eager is not a lazily imported page",
    );
  });

  it("refuses a route table it cannot read in full", () => {
    expect(() => routeSourcesFromRouter(`${router}\n{ path: "/y",\n Page: Home }`)).toThrow(
      "Read 2 of the router's 3 routes",
    );
  });
});
