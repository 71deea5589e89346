package io.paypipe.sandbox.merchant;

import java.util.Objects;

/**
 * How many merchants of each channel the sandbox plays the channel for. Every channel is
 * stated; 0 means none of that channel.
 *
 * @param tenant the tenant (shop) every merchant belongs to
 * @param wechatPayDirect direct WeChat Pay merchants (mchid 1900000100, 1900000101, ...)
 * @param wechatPaySubMerchants sub-merchants of the WeChat Pay service provider
 * 1230000109; 0 = no provider
 * @param wechatPayCertificateSerials every WeChat Pay merchant also gets a platform
 * certificate key (40-hex serial)
 * @param alipayDirect direct Alipay apps (app id 2021000100000000, 2021000100000001, ...)
 * @param alipaySubMerchants apps that authorised the Alipay ISV app 2021000200000000; 0 =
 * no ISV
 * @param stripeAccounts Stripe accounts (acct_1PaypipeSbx0000, ...)
 */
public record MerchantCounts(String tenant, int wechatPayDirect, int wechatPaySubMerchants,
        boolean wechatPayCertificateSerials, int alipayDirect, int alipaySubMerchants, int stripeAccounts) {

    public MerchantCounts {
        Objects.requireNonNull(tenant, "tenant");
        if (wechatPayDirect < 0 || wechatPaySubMerchants < 0 || wechatPayDirect > 9000) {
            throw new IllegalArgumentException("bad merchant counts");
        }
        if (alipayDirect < 0 || alipaySubMerchants < 0 || alipayDirect > 9000) {
            throw new IllegalArgumentException("bad Alipay merchant counts");
        }
        if (stripeAccounts < 0 || stripeAccounts > 9999) {
            throw new IllegalArgumentException("bad Stripe merchant count");
        }
    }
}
