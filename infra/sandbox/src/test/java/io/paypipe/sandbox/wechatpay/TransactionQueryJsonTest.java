package io.paypipe.sandbox.wechatpay;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.sandbox.SandboxFixtures;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class TransactionQueryJsonTest {

    @Test
    void anUnpaidOrderIsAnsweredAsWeChatAnswersNotPay() {
        // Given an order placed and not paid
        WechatPaySandboxMerchant merchant = SandboxFixtures.directMerchant();
        WechatPayOrder order = WechatPayOrder.placed(merchant, null, "ORDER-1", 100, SandboxFixtures.NOW);

        // When it is written
        String json = new String(TransactionQueryJson.transaction(order, TradeState.NOTPAY), StandardCharsets.UTF_8);

        // Then keys sorted, no transaction, as merchants have seen WeChat answer
        assertThat(json).isEqualTo("{\"amount\":{\"payer_currency\":\"CNY\",\"total\":100},\"appid\":\""
                + merchant.appId() + "\",\"mchid\":\"1900000100\",\"out_trade_no\":\"ORDER-1\","
                + "\"promotion_detail\":[],\"scene_info\":{\"device_id\":\"\"},\"trade_state\":\"NOTPAY\","
                + "\"trade_state_desc\":\"订单未支付\"}");
    }

    @Test
    void aPaidPartnerOrderCarriesItsTransactionPayerAndSuccessTime() {
        WechatPaySandboxMerchant provider = SandboxFixtures.serviceProvider();
        PaymentSpec payment = PaymentSpec.success(provider, "1900009100", "ORDER-2", 500)
            .withSuccessTime(SandboxFixtures.NOW);
        WechatPayOrder order = WechatPayOrder.paidAtOnce(payment, SandboxFixtures.NOW);

        String json = new String(TransactionQueryJson.transaction(order, TradeState.SUCCESS), StandardCharsets.UTF_8);

        assertThat(json).startsWith("{\"amount\":{\"currency\":\"CNY\",\"payer_currency\":\"CNY\",\"payer_total\":500,"
                + "\"total\":500},\"attach\":\"\",\"bank_type\":\"OTHERS\",\"out_trade_no\":\"ORDER-2\",\"payer\":{")
            .contains("\"sp_mchid\":\"1230000109\"", "\"sub_mchid\":\"1900009100\"",
                    "\"success_time\":\"2025-06-08T10:34:56+08:00\"",
                    "\"transaction_id\":\"" + payment.transactionId() + "\"")
            .endsWith("\"trade_state\":\"SUCCESS\",\"trade_state_desc\":\"支付成功\",\"trade_type\":\"JSAPI\","
                    + "\"transaction_id\":\"" + payment.transactionId() + "\"}");
    }

}
