package io.paypipe.sandbox.wechatpay;

/**
 * The two forms of the id WeChat puts in {@code Wechatpay-Serial}: the newer platform
 * public-key id ({@code PUB_KEY_ID_} + digits) and the older platform certificate serial
 * (40 upper-case hex characters). During a merchant's switch from certificates to a
 * public key, WeChat signs with either.
 */
public enum SerialForm {

    PUBLIC_KEY_ID, CERTIFICATE_SERIAL

}
