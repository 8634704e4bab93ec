import type { z } from "zod";
import { account } from "./account";
import { auth } from "./auth";
import { blocks } from "./blocks";
import { broadcasts } from "./broadcasts";
import { calendar } from "./calendar";
import { classroom } from "./classroom";
import { communities } from "./communities";
import { conversations } from "./conversations";
import { feed } from "./feed";
import { health } from "./health";
import { invites } from "./invites";
import { leaderboard } from "./leaderboard";
import { me } from "./me";
import { metrics } from "./metrics";
import { members } from "./members";
import { membershipRequests } from "./membership-requests";
import { notifications } from "./notifications";
import { payments } from "./payments";
import { profiles } from "./profiles";
import { reports } from "./reports";
import { review } from "./review";
import { search } from "./search";
import { support } from "./support";
import { uploads } from "./uploads";
import type { Endpoint, Schema } from "./http";
import type { PathParams } from "./route";

/**
 * The API contract: every endpoint our worker answers under /api, by feature. The worker validates
 * requests and serialises responses with these schemas; the web imports their types only.
 */
export const contract = {
  health,
  auth,
  account,
  me,
  communities,
  members,
  membershipRequests,
  invites,
  leaderboard,
  feed,
  classroom,
  calendar,
  notifications,
  conversations,
  blocks,
  search,
  uploads,
  review,
  reports,
  payments,
  profiles,
  support,
  metrics,
  broadcasts,
};

type Features = typeof contract;
type AnyEndpoint = { [F in keyof Features]: Features[F][keyof Features[F]] }[keyof Features];

/** Every endpoint by its route name, e.g. `Endpoints["GET /api/posts/:postId"]`. */
export type Endpoints = { [E in AnyEndpoint as E["route"]]: E };
export type Route = keyof Endpoints;

/**
 * Every endpoint, for walking them all (the contract test). endpoint() already made each one an
 * Endpoint; proving it again through the whole contract's type would cost the compiler some 80,000
 * instantiations in every project, hence the plain cast.
 */
const features = contract as unknown as Record<string, Record<string, Endpoint>>;
export const endpoints: Endpoint[] = Object.values(features).flatMap((feature) => Object.values(feature));

type Input<S> = S extends Schema ? z.input<S> : never;

/** Path parameters of a route: as its schema reads them, or plain strings. */
export type ParamsOf<R extends Route> = Endpoints[R]["params"] extends Schema
  ? Input<Endpoints[R]["params"]>
  : Record<PathParams<Endpoints[R]["path"]>, string>;

/** Query of a route as the web sends it; `null` leaves a parameter out, numbers are sent as text. */
export type QueryOf<R extends Route> = Endpoints[R]["query"] extends Schema
  ? { [K in keyof Input<Endpoints[R]["query"]>]?: Serialised<Input<Endpoints[R]["query"]>[K]> | null }
  : never;
type Serialised<T> = unknown extends T ? string | number : Exclude<T, undefined>;

export type BodyOf<R extends Route> = Input<Endpoints[R]["body"]>;

/** What a route answers, as the web reads it. */
export type ResponseOf<R extends Route> = z.output<Endpoints[R]["response"]>;
