package io.paypipe.channel.bill;

import io.paypipe.core.id.MerchantId;
import java.time.LocalDate;
import java.util.Objects;
import java.util.Optional;

/**
 * The bill of one merchant's day at a channel: {@code merchantId} is the merchant whose
 * trades it lists (a WeChat mchid or sub_mchid, an Alipay app id, a Stripe account),
 * {@code spMerchantId} the service provider whose credentials call in service-provider
 * mode; {@code day} is the day in the channel's zone (Asia/Shanghai for WeChat Pay and
 * Alipay, UTC for Stripe).
 */
public record BillRequest(MerchantId merchantId, Optional<MerchantId> spMerchantId, LocalDate day) {

    public BillRequest {
        Objects.requireNonNull(merchantId, "merchantId");
        Objects.requireNonNull(spMerchantId, "spMerchantId");
        Objects.requireNonNull(day, "day");
    }

}
