import { z } from "zod";
import { isAddressLike, isDecimal, msg, toTokenAmount } from "./rules.ts";

export const governanceSchema = z
  .object({
    isErc20: z.boolean(),
    isErc721: z.boolean(),
    isBinanceKycRestricted: z.boolean(),
    tokenSource: z.enum(["existing", "create"]),
    tokenAddress: z.string().trim(),
    nftAddress: z.string().trim(),
    individualPower: z.string().trim(),
    nftsTotalSupply: z.string().trim(),
  })
  .superRefine((values, ctx) => {
    if (!values.isErc20 && !values.isErc721) {
      ctx.addIssue({ code: "custom", path: ["isErc20"], message: "validation.selectGovernance" });
    }
    if (values.isErc20 && values.tokenSource === "existing") {
      if (!values.tokenAddress)
        ctx.addIssue({ code: "custom", path: ["tokenAddress"], message: msg.required });
      else if (!isAddressLike(values.tokenAddress))
        ctx.addIssue({ code: "custom", path: ["tokenAddress"], message: msg.address });
    }
    if (values.isErc721) {
      if (!values.nftAddress) ctx.addIssue({ code: "custom", path: ["nftAddress"], message: msg.required });
      else if (!isAddressLike(values.nftAddress))
        ctx.addIssue({ code: "custom", path: ["nftAddress"], message: msg.address });
      if (!values.individualPower)
        ctx.addIssue({ code: "custom", path: ["individualPower"], message: msg.required });
      else if (!isDecimal(values.individualPower))
        ctx.addIssue({ code: "custom", path: ["individualPower"], message: msg.number });
      else if (toTokenAmount(values.individualPower) === 0n)
        ctx.addIssue({ code: "custom", path: ["individualPower"], message: msg.greaterThanZero });
      if (values.nftsTotalSupply && !/^(0|[1-9]\d*)$/.test(values.nftsTotalSupply))
        ctx.addIssue({ code: "custom", path: ["nftsTotalSupply"], message: "validation.invalidNumber" });
    }
  });

export type GovernanceValues = z.infer<typeof governanceSchema>;
