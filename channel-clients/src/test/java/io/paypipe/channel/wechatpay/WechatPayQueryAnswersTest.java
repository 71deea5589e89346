package io.paypipe.channel.wechatpay;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.channel.query.CloseAnswer;
import io.paypipe.channel.query.QueryAnswer;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.money.Money;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Every row of WeChat Pay's answer table, and values it does not know. */
class WechatPayQueryAnswersTest {

    private static final WechatPayOrder DIRECT = new WechatPayOrder("ORDER-1", "1900000001", Optional.empty());

    private static final WechatPayOrder PARTNER = new WechatPayOrder("ORDER-1", "1900000100",
            Optional.of("1900000109"));

    @ParameterizedTest
    @CsvSource({ "SUCCESS, Paid", "REFUND, Refunded", "NOTPAY, Waiting", "USERPAYING, Waiting", "CLOSED, Closed",
            "REVOKED, Closed", "PAYERROR, Closed", "ACCEPT, Unknown", "success, Unknown" })
    void mapsEachTradeStateToItsRow(String tradeState, String kind) {
        // Given a verified answer with this trade_state
        String body = transaction(tradeState, "\"mchid\":\"1900000001\"");

        // When it is read
        QueryAnswer answer = WechatPayQueryAnswers.ofTransaction(body, DIRECT);

        // Then its row says what it is
        assertThat(answer.getClass().getSimpleName()).isEqualTo(kind);
    }

    @Test
    void aPaidAnswerCarriesItsTradeAmountsTimeAndVerbatimBody() {
        String body = transaction("SUCCESS", "\"mchid\":\"1900000001\"");

        QueryAnswer answer = WechatPayQueryAnswers.ofTransaction(body, DIRECT);

        assertThat(answer).isEqualTo(new QueryAnswer.Paid(ChannelTradeNo.of("4200000001"), "SUCCESS",
                Money.of(10_000, "CNY"), Money.of(9_900, "CNY"), Instant.parse("2025-06-01T02:03:04Z"), body));
        assertThat(answer.toString()).doesNotContain("payer").doesNotContain("openid");
    }

    @Test
    void aClosedAnswerCarriesItsTransactionIdWhenThereIsOne() {
        String body = transaction("CLOSED", "\"mchid\":\"1900000001\"");

        assertThat(WechatPayQueryAnswers.ofTransaction(body, DIRECT))
            .isEqualTo(new QueryAnswer.Closed(Optional.of(ChannelTradeNo.of("4200000001")), "CLOSED", body));
    }

    @Test
    void anAnswerWithoutTradeStateIsUnknown() {
        String body = "{\"mchid\":\"1900000001\",\"out_trade_no\":\"ORDER-1\"}";

        assertThat(WechatPayQueryAnswers.ofTransaction(body, DIRECT)).isInstanceOf(QueryAnswer.Unknown.class);
    }

    @Test
    void anAnswerAboutAnotherOrderOrMerchantIsUnknownNeverPaid() {
        String otherOrder = transaction("SUCCESS", "\"mchid\":\"1900000001\"").replace("ORDER-1", "ORDER-2");
        String otherMerchant = transaction("SUCCESS", "\"mchid\":\"1900000002\"");
        String partnerOtherSub = transaction("SUCCESS", "\"sp_mchid\":\"1900000100\",\"sub_mchid\":\"1900000110\"");

        assertThat(WechatPayQueryAnswers.ofTransaction(otherOrder, DIRECT)).isInstanceOf(QueryAnswer.Unknown.class);
        assertThat(WechatPayQueryAnswers.ofTransaction(otherMerchant, DIRECT)).isInstanceOf(QueryAnswer.Unknown.class);
        assertThat(WechatPayQueryAnswers.ofTransaction(partnerOtherSub, PARTNER))
            .isInstanceOf(QueryAnswer.Unknown.class);
    }

    @Test
    void aPartnerAnswerOfTheSubMerchantUnderItsProviderIsRead() {
        String body = transaction("SUCCESS", "\"sp_mchid\":\"1900000100\",\"sub_mchid\":\"1900000109\"");

        assertThat(WechatPayQueryAnswers.ofTransaction(body, PARTNER)).isInstanceOf(QueryAnswer.Paid.class);
    }

    @Test
    void aPaidAnswerWithoutItsAmountsOrSuccessTimeIsUnknown() {
        String noTime = transaction("SUCCESS", "\"mchid\":\"1900000001\"").replace("\"success_time\"", "\"x\"");
        String noPayerTotal = transaction("SUCCESS", "\"mchid\":\"1900000001\"").replace("payer_total", "x");
        String fractional = transaction("SUCCESS", "\"mchid\":\"1900000001\"").replace("10000", "100.5");

        assertThat(WechatPayQueryAnswers.ofTransaction(noTime, DIRECT)).isInstanceOf(QueryAnswer.Unknown.class);
        assertThat(WechatPayQueryAnswers.ofTransaction(noPayerTotal, DIRECT)).isInstanceOf(QueryAnswer.Unknown.class);
        assertThat(WechatPayQueryAnswers.ofTransaction(fractional, DIRECT)).isInstanceOf(QueryAnswer.Unknown.class);
    }

    @Test
    void anAnswerThatIsNotJsonIsUnknown() {
        assertThat(WechatPayQueryAnswers.ofTransaction("<xml/>", DIRECT)).isInstanceOf(QueryAnswer.Unknown.class);
    }

    @ParameterizedTest
    @CsvSource({ "404, ORDER_NOT_EXIST, NotFound", "429, FREQUENCY_LIMITED, RateLimited",
            "429, RATELIMIT_EXCEEDED, RateLimited", "403, FREQUENCY_LIMITED, RateLimited", "429, , RateLimited",
            "500, SYSTEM_ERROR, Failed", "400, SYSTEM_ERROR, Failed", "502, , Failed", "503, OTHER, Failed",
            "400, ORDER_NOT_EXIST, Unknown", "404, RESOURCE_NOT_EXISTS, Unknown", "400, PARAM_ERROR, Unknown",
            "401, SIGN_ERROR, Unknown", "403, NO_AUTH, Unknown" })
    void mapsEachQueryErrorToItsRow(int status, String code, String kind) {
        assertThat(WechatPayQueryAnswers.ofQueryError(status, code).getClass().getSimpleName()).isEqualTo(kind);
    }

    @ParameterizedTest
    @CsvSource({ "400, ORDERPAID, AlreadyPaid", "404, ORDER_NOT_EXIST, NotFound", "429, FREQUENCY_LIMITED, RateLimited",
            "403, RATELIMIT_EXCEEDED, RateLimited", "429, , RateLimited", "500, SYSTEM_ERROR, Failed",
            "400, SYSTEM_ERROR, Failed", "504, , Failed", "403, ORDERPAID, Unknown", "400, ORDER_CLOSED, Unknown",
            "400, PARAM_ERROR, Unknown", "401, SIGN_ERROR, Unknown" })
    void mapsEachCloseErrorToItsRow(int status, String code, String kind) {
        assertThat(WechatPayQueryAnswers.ofCloseError(status, code).getClass().getSimpleName()).isEqualTo(kind);
    }

    @Test
    void theRateLimitAndErrorCodesCarryWeChatsCode() {
        assertThat(WechatPayQueryAnswers.ofQueryError(404, "ORDER_NOT_EXIST"))
            .isEqualTo(new QueryAnswer.NotFound("ORDER_NOT_EXIST"));
        assertThat(WechatPayQueryAnswers.ofQueryError(429, "FREQUENCY_LIMITED"))
            .isEqualTo(new QueryAnswer.RateLimited("FREQUENCY_LIMITED"));
        assertThat(WechatPayQueryAnswers.ofCloseError(400, "ORDERPAID"))
            .isEqualTo(new CloseAnswer.AlreadyPaid("ORDERPAID"));
    }

    private static String transaction(String tradeState, String merchant) {
        return "{" + merchant + ",\"appid\":\"wxd678efh567hg6787\",\"out_trade_no\":\"ORDER-1\","
                + "\"transaction_id\":\"4200000001\",\"trade_type\":\"JSAPI\",\"trade_state\":\"" + tradeState
                + "\",\"trade_state_desc\":\"-\",\"success_time\":\"2025-06-01T10:03:04+08:00\","
                + "\"payer\":{\"openid\":\"oUpF8uMuAJO_M2pxb1Q9zNjWeS6o\"},"
                + "\"amount\":{\"total\":10000,\"payer_total\":9900,\"currency\":\"CNY\",\"payer_currency\":\"CNY\"}}";
    }

}
