import { useParams } from "react-router";
import { DelegateRoute } from "./DelegateRoute.tsx";
import { UndelegateRoute } from "./UndelegateRoute.tsx";

/**
 * The delegation terminals, one page chunk: `/dao/:daoAddress/delegate/:delegatee/:type` (with a
 * delegation type) delegates, `/dao/:daoAddress/undelegate/:delegatee` takes back.
 */
export default function DelegationRoute() {
  const { type } = useParams();
  return type === undefined ? <UndelegateRoute /> : <DelegateRoute />;
}
