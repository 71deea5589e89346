package io.paypipe.core.id;

/**
 * What identifies an order from the outside: the merchant that owns it (the sub-merchant
 * in service-provider mode) and the merchant's order number. Every record about an order
 * is keyed by {@link #kafkaKey()}, so one order's records land on one partition and are
 * handled one at a time.
 */
public record OrderKey(TenantId tenantId, MerchantId merchantId, OutTradeNo outTradeNo) {

    public String kafkaKey() {
        return tenantId.value() + "|" + merchantId.value() + "|" + outTradeNo.value();
    }

    @Override
    public String toString() {
        return kafkaKey();
    }
}
