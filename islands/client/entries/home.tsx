import HostCard from "../../HostCard";
import JoinCard from "../../JoinCard";
import JoinDialog from "../../JoinDialog";
import { hydrateIslands } from "../hydrate";

hydrateIslands({ HostCard, JoinCard, JoinDialog });
