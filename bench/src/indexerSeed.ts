import { IndexerFixture } from "../../services/api/test/indexerFixture.ts";

const CHAIN_ID = 31337;
const HOUR = 3600;

/**
 * An indexer schema holding `daos` DAOs with their list figures (as the indexer keeps them), a day of
 * hourly snapshots each, 5 members and 5 token holders each, and `votes` votes spread over them.
 */
export async function seedIndexer(
  databaseUrl: string,
  schema: string,
  daos: number,
  votes: number,
  now: number,
) {
  const fixture = await IndexerFixture.create(databaseUrl, schema);
  const s = `"${schema}"`;
  const hex = (offset: number, g = "g") => `'0x' || lpad(to_hex(${offset} + ${g}), 40, '0')`;
  await fixture.query(
    `INSERT INTO ${s}.pool (chain_id, address, name, description_url, creator, gov_token, nft, settings, user_keeper,
       validators, vote_power, created_at, created_block, created_tx, members_count, proposals_count, votes_count,
       tvl_usd, tvg_usd, updated_at)
     SELECT ${CHAIN_ID}, ${hex(0x100000)}, 'DAO number ' || g, 'ipfs://dao' || g, ${hex(0)}, ${hex(0x200000)},
            ${hex(0x300000)}, ${hex(0x400000)}, ${hex(0x500000)}, ${hex(0x600000)}, ${hex(0x700000)},
            $1::bigint - g * 60, g, '0x' || lpad(to_hex(g), 64, '0'), 5, g % 40, 0,
            (g * 7919 % 100000)::numeric * 1e18, (g * 104729 % 50000)::numeric * 1e18, $1
       FROM generate_series(1, $2::int) g`,
    [now, daos],
  );
  await fixture.query(
    `INSERT INTO ${s}.token (chain_id, address, name, symbol, decimals, is_nft)
     SELECT ${CHAIN_ID}, ${hex(0x200000)}, 'Token ' || g, 'T' || g, 18, false FROM generate_series(1, $1::int) g`,
    [daos],
  );
  // Each DAO's row also keeps, as the indexer rolls them, the hourly snapshots below a day-before figure may be
  // read from (the newest at or before a day ago and every later one, oldest first) and the times its active
  // proposals end (in 10 minutes, a day, a day and an hour: as many as it has).
  await fixture.query(
    `INSERT INTO ${s}.dao_stats (chain_id, pool, tvl_usd, tvg_usd, members_count, lau, active_members_count,
       proposals_count, active_proposals_count, internal_proposals_count, active_internal_proposals_count,
       votes_count, stats_at, recent_buckets, recent_tvl_usd, recent_tvg_usd, recent_members_count, recent_lau,
       active_proposals_ends, active_internal_proposals_ends)
     SELECT ${CHAIN_ID}, ${hex(0x100000)}, (g * 7919 % 100000)::numeric * 1e18, (g * 104729 % 50000)::numeric * 1e18,
            5, g % 5, g % 3, g % 40, g % 4, g % 3, g % 2, 0, $1::bigint,
            array(SELECT ($1::bigint / ${HOUR} - h) * ${HOUR} FROM generate_series(24, 0, -1) h),
            array(SELECT (g * h)::numeric * 1e18 FROM generate_series(24, 0, -1) h),
            array(SELECT (g + h)::numeric * 1e18 FROM generate_series(24, 0, -1) h),
            array_fill(5, ARRAY[25]), array_fill(g % 5, ARRAY[25]),
            (ARRAY[$1::bigint + 600, $1::bigint + 86400, $1::bigint + 90000])[1:g % 4],
            (ARRAY[$1::bigint + 600])[1:g % 2]
       FROM generate_series(1, $2::int) g`,
    [now, daos],
  );
  await fixture.query(
    `INSERT INTO ${s}.pool_stats_hourly (chain_id, pool, bucket, tvl_usd, tvg_usd, members_count, lau,
       proposals_count, active_proposals_count, votes_count, updated_at)
     SELECT ${CHAIN_ID}, ${hex(0x100000)}, ($1::bigint / ${HOUR} - h) * ${HOUR}, (g * h)::numeric * 1e18,
            (g + h)::numeric * 1e18, 5, g % 5, g % 40, g % 4, 0, $1
       FROM generate_series(1, $2::int) g, generate_series(0, 25) h`,
    [now, daos],
  );
  await fixture.query(
    `INSERT INTO ${s}.member (chain_id, pool, address, deposited_tokens, is_member, first_deposit_at, updated_at)
     SELECT ${CHAIN_ID}, ${hex(0x100000)}, ${hex(0x800000, "m")}, 1e18, true, $1, $1
       FROM generate_series(1, $2::int) g, generate_series(1, 5) m`,
    [now, daos],
  );
  await fixture.query(
    `INSERT INTO ${s}.token_holder (chain_id, token, address, balance, updated_at)
     SELECT ${CHAIN_ID}, ${hex(0x200000)}, ${hex(0x900000, "m")}, 1e18, $1
       FROM generate_series(1, $2::int) g, generate_series(1, 5) m`,
    [now, daos],
  );
  await fixture.query(
    `INSERT INTO ${s}.vote (chain_id, pool, proposal_id, voter, vote_type, is_vote_for, amount, voted, nft_ids, updated_at)
     SELECT ${CHAIN_ID}, '0x' || lpad(to_hex(${0x100000} + 1 + v % $2::int), 40, '0'), v / $2::int % 40,
            '0x' || lpad(to_hex(${0xa00000} + v / ($2::int * 40)), 40, '0'), 0, true, 1e18, 1e18, '[]', $1
       FROM generate_series(0, $3::int - 1) v`,
    [now, daos, votes],
  );
  await fixture.createIndexes();
  await fixture.query(`ANALYZE`);
  await fixture.indexedUpTo(CHAIN_ID, 1000, now);
  await fixture.close();
}
