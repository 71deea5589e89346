package io.paypipe.sandbox.wechatpay;

/**
 * WeChat Pay {@code refund_status} values of a refund notification, with the envelope's
 * {@code event_type} ({@code REFUND.} + the status) and the {@code summary} WeChat sends
 * for them.
 */
public enum RefundStatus {

    SUCCESS("退款成功"), CLOSED("退款关闭"), ABNORMAL("退款异常");

    private final String summary;

    RefundStatus(String summary) {
        this.summary = summary;
    }

    public String eventType() {
        return "REFUND." + name();
    }

    public String summary() {
        return summary;
    }

}
