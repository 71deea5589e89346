package io.paypipe.core.id;

/**
 * The payment channels the pipeline speaks. The lower-case code is what the database
 * stores.
 */
public enum Channel {

    WECHATPAY("wechatpay"), ALIPAY("alipay"), STRIPE("stripe");

    private final String code;

    Channel(String code) {
        this.code = code;
    }

    public String code() {
        return code;
    }

    public static Channel fromCode(String code) {
        for (Channel c : values()) {
            if (c.code.equals(code)) {
                return c;
            }
        }
        throw new IllegalArgumentException("unknown channel code: " + code);
    }

}
