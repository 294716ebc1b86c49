import type { DatabaseHandle } from '../db/database';
import { memberVersionsReader } from '../db/member-versions';
import { SessionCache, VersionedSessionCache } from '../sessions/repo';
import { MemberAnswers, VersionedMemberAnswers } from './member-answers';

/**
 * How sessions and members' lists are kept (issue #18). `writes`: while the embedded database has not been written
 * to, with no statement per request (PGlite, whose every write passes through this process). `versions`: each request
 * reads its user's versions in one statement and gives what it kept only under the same versions (migration 0031),
 * true whoever wrote (PostgreSQL with several instances; tests ask for it on PGlite too).
 */
export type MemberCacheMode = 'writes' | 'versions';

export function memberCachesFor(database: DatabaseHandle, mode?: MemberCacheMode) {
  const { writeCount } = database;
  if (writeCount && mode !== 'versions') {
    return { sessionCache: new SessionCache(writeCount), memberAnswers: new MemberAnswers(writeCount) };
  }
  return {
    sessionCache: new VersionedSessionCache(memberVersionsReader(database)),
    memberAnswers: new VersionedMemberAnswers(),
  };
}
