package io.paypipe.sandbox.wechatpay;

/**
 * WeChat Pay {@code trade_state} values with the {@code trade_state_desc} WeChat sends
 * for them.
 */
public enum TradeState {

    SUCCESS("支付成功"), REFUND("转入退款"), NOTPAY("未支付"), CLOSED("已关闭"), REVOKED("已撤销（付款码支付）"), USERPAYING("用户支付中（付款码支付）"),
    PAYERROR("支付失败(其他原因，如银行返回失败)"), ACCEPT("已接收，等待扣款");

    private final String description;

    TradeState(String description) {
        this.description = description;
    }

    public String description() {
        return description;
    }

}
