export { ByteBudgetLru } from "./byte-budget-lru";
