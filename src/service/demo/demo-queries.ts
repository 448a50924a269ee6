import type { SavedQuery } from "../queries/saved-query";

const PRICES =
  "('WETH', 3200.0), ('USDC', 1.0), ('WBTC', 64000.0), ('PEPE', 0.0000012), ('ARB', 1.1), ('UNI', 9.5), ('LINK', 17.0)";

/**
 * The built-in saved queries served when no --queries file is given: one of each kind the add-in, the tests and the
 * benchmarks need. All are owned by the demo user; 1006 is private to the demo team.
 */
export const DEMO_QUERIES: SavedQuery[] = [
  {
    query_id: 1001,
    name: "Token price history",
    owner: "demo",
    team: "analysts",
    is_private: false,
    parameters: [
      { key: "symbol", type: "text", value: "WETH" },
      { key: "days", type: "number", value: "7" },
      { key: "since", type: "date", value: "2024-01-01" },
      { key: "interval", type: "enum", value: "day", enumOptions: ["day", "week", "month"] },
    ],
    sql: `
select '{{symbol}}' as symbol,
       date_trunc('{{interval}}', d)::date as period,
       count(*) as days_in_period,
       round(avg(p.base * (1 + 0.05 * sin(epoch(d) / 86400.0))), 6) as avg_price_usd
from range('{{since}}'::timestamp, '{{since}}'::timestamp + to_days(least(greatest(cast({{days}} as integer), 0), 3660)), interval 1 day) t(d),
     (select coalesce(max(base), 0) as base from (values ${PRICES}) v(symbol, base) where symbol = '{{symbol}}') p
group by all
order by period`,
  },
  {
    query_id: 1002,
    name: "Recent DEX trades (500 rows)",
    owner: "demo",
    team: "analysts",
    is_private: false,
    parameters: [],
    sql: `
select i as trade_id,
       timestamp '2024-03-01 00:00:00' + to_seconds(i * 37) as block_time,
       ['uniswap', 'curve', 'balancer', 'sushiswap'][1 + i % 4] as project,
       ['WETH', 'USDC', 'WBTC', 'PEPE', 'ARB'][1 + i % 5] as token_bought,
       ['USDC', 'WETH', 'DAI', 'USDT'][1 + (i * 7) % 4] as token_sold,
       round(10 * exp((hash(i) % 1000) / 120.0), 2) as amount_usd,
       '0x' || md5(i::varchar) || substr(md5((i + 1)::varchar), 1, 32) as tx_hash
from range(500) t(i)`,
  },
  {
    query_id: 1003,
    name: "Transfers (1,000,000 rows x 10 columns)",
    owner: "demo",
    team: "analysts",
    is_private: false,
    parameters: [],
    sql: `
select i as id,
       timestamp '2024-01-01 00:00:00' + to_seconds(i * 13) as block_time,
       (date '2024-01-01' + (i // 6646)::integer) as block_date,
       ['WETH', 'USDC', 'WBTC', 'PEPE', 'ARB', 'UNI', 'LINK', 'DAI'][1 + i % 8] as symbol,
       '0x' || substr(md5(i::varchar), 1, 32) || substr(md5((i * 31)::varchar), 1, 8) as from_address,
       round((hash(i) % 100000) / 7.0, 4) as amount,
       (i % 1000)::integer as log_index,
       i % 3 = 0 as is_contract,
       (hash(i * 7) % 1000000000000)::bigint as gas_used,
       case when i % 10 = 0 then null else 'memo ' || (i % 97)::varchar end as memo
from range(1000000) t(i)`,
  },
  {
    query_id: 1004,
    name: "Slow scan (for cancel)",
    owner: "demo",
    team: "analysts",
    is_private: false,
    parameters: [],
    sql: "select count(*) as matches from range(200000000000) t(i) where hash(i) % 7 = 0",
  },
  {
    query_id: 1005,
    name: "Always fails",
    owner: "demo",
    team: "analysts",
    is_private: false,
    parameters: [],
    sql: "select error('this demo query always fails') as never",
  },
  {
    query_id: 1006,
    name: "Team-only desk positions",
    owner: "demo",
    team: "analysts",
    is_private: true,
    parameters: [{ key: "desk", type: "enum", value: "rates", enumOptions: ["rates", "credit", "fx"] }],
    sql: "select '{{desk}}' as desk, i as position_id, round(1000 * sin(i), 2) as pnl_usd from range(25) t(i)",
  },
  {
    query_id: 1007,
    name: "Wide result (37 columns x 20,000 rows)",
    owner: "demo",
    team: "analysts",
    is_private: false,
    parameters: [],
    sql: `select i as id, ${Array.from({ length: 36 }, (_, k) => `round(i * ${k + 1} / 3.0, 3) as c${String(k + 1).padStart(2, "0")}`).join(", ")} from range(20000) t(i)`,
  },
  {
    query_id: 1008,
    name: "CSV and typing fixture",
    owner: "demo",
    team: "analysts",
    is_private: false,
    parameters: [],
    sql: `
select * from (values
  (1, '0x00ab', '00123', 12345678901234567890::decimal(20,0), 9007199254740993::bigint, 1.5::double, 0.1::double, 'plain', true, ['a', 'b']),
  (2, '0xdeadbeef', '007', 42::decimal(20,0), 42::bigint, -2.25::double, 1e21::double, 'with "quotes"', false, []::varchar[]),
  (3, 'TRUE', '1e5', -1::decimal(20,0), -9007199254740993::bigint, 3.0::double, 123456789.123::double, 'comma, inside', null, null),
  (4, '2018-12-31', '=1+1', 0::decimal(20,0), 0::bigint, null, 1e-7::double, e'line\\nbreak', true, ['x,y', 'z"w']),
  (5, '', '-1+1', null, null, 0.0::double, 100::double, null, false, ['only'])
) v(id, hex_text, code_text, wide_int, big_int, small_double, odd_double, note, flag, tags)`,
  },
];
