package io.paypipe.sandbox.alipay;

import static io.paypipe.sandbox.SandboxFixtures.alipayNotifications;
import static io.paypipe.sandbox.SandboxFixtures.alipayServiceProvider;
import static io.paypipe.sandbox.SandboxFixtures.fixedClock;
import static io.paypipe.sandbox.SandboxFixtures.merchants;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.id.Channel;
import io.paypipe.sandbox.bill.BillScenarios;
import io.paypipe.sandbox.bill.Settlement;
import io.paypipe.sandbox.bill.SettlementBook;
import io.paypipe.sandbox.query.CallbackScenarios;
import io.paypipe.sandbox.query.ChannelCalls;
import io.paypipe.sandbox.query.CloseScenarios;
import io.paypipe.sandbox.query.QueryFaults;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A service provider (ISV) asking for the bill of an app that authorised it: the request
 * carries {@code app_auth_token} (the sandbox's token of an authorising app is its app
 * id), is signed with the ISV app's key, and the bill is the authorising app's.
 */
class AlipayBillServiceProviderTest {

    private static final String ISV = "2021000200000000";

    private static final String AUTH_APP = "2021000300000000";

    private final Clock clock = fixedClock();

    private final SettlementBook book = new SettlementBook();

    private final AlipayPayments payments = new AlipayPayments(merchants(), alipayNotifications(), AlipayPayments
        .pusher(URI.create("http://127.0.0.1:9/notify/alipay"), 1_000_000, Duration.ofSeconds(1), clock),
            new CallbackScenarios(), book);

    private final AlipayRefundDesk refunds = new AlipayRefundDesk(payments, clock, Duration.ZERO,
            Duration.ofSeconds(1));

    private final AlipayBillDesk bills = new AlipayBillDesk(book, new BillScenarios(), clock, Duration.ofSeconds(30));

    private final AlipayGateway gateway = new AlipayGateway(merchants(), refunds, new AlipayOrderDesk(payments,
            new ChannelCalls(clock), new QueryFaults(clock), new CallbackScenarios(), new CloseScenarios(), clock),
            new ChannelCalls(clock), bills);

    @AfterEach
    void close() {
        refunds.close();
        payments.close();
    }

    /**
     * The ISV's signed request for the bill of 2025-06-07 (the fixed clock's yesterday).
     */
    private JsonNode ask(String appAuthToken) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("app_id", ISV);
        params.put("method", AlipayGateway.BILL);
        params.put("charset", "UTF-8");
        params.put("sign_type", "RSA2");
        params.put("timestamp", "2025-06-08 10:34:56");
        params.put("version", "1.0");
        if (appAuthToken != null) {
            params.put("app_auth_token", appAuthToken);
        }
        params.put("biz_content", "{\"bill_type\":\"trade\",\"bill_date\":\"2025-06-07\"}");
        String key = alipayServiceProvider().merchant().alipay().appPrivateKey();
        params.put("sign", AlipayCrypto.sign(AlipayCrypto.parsePrivateKey(key), AlipayCrypto.requestSignContent(params),
                StandardCharsets.UTF_8));
        String body = gateway.handle(params, "http://sandbox").body();
        return JsonMapper.builder()
            .build()
            .readTree(body)
            .get("alipay_data_dataservice_bill_downloadurl_query_response");
    }

    private List<String> detail(JsonNode answer, String appId) {
        String url = answer.get("bill_download_url").asString();
        byte[] zip = AlipayBillFixtures.bytes(bills.download(url.substring(url.indexOf("token=") + 6)));
        return AlipayBillFixtures.files(zip).get(AlipayBillCsv.stem(appId, LocalDate.of(2025, 6, 7)) + "_业务明细.csv");
    }

    @Test
    void givenTheAuthorisingAppsToken_whenTheServiceProviderAsks_thenTheBillIsTheAuthorisingApps() {
        // Given a payment of the authorising app on 2025-06-07
        book.record(Settlement.payment(Channel.ALIPAY, AUTH_APP, "PP-ISV-1", "2025060722001400000000000001", 900, 5,
                "CNY", AlipayBillFixtures.at("2025-06-07T15:00:00")));

        // When the ISV asks with the app's token
        JsonNode answer = ask(AUTH_APP);

        // Then the bill lists the authorising app's payment
        assertThat(answer.get("code").asString()).isEqualTo("10000");
        assertThat(detail(answer, AUTH_APP)).anySatisfy(l -> assertThat(l).startsWith("2025060722001400000000000001"));
    }

    @Test
    void givenNoToken_whenTheServiceProviderAsks_thenTheBillIsItsOwnAppsWithoutTheAuthorisingAppsTrades() {
        book.record(Settlement.payment(Channel.ALIPAY, AUTH_APP, "PP-ISV-2", "2025060722001400000000000002", 900, 5,
                "CNY", AlipayBillFixtures.at("2025-06-07T15:00:00")));

        JsonNode answer = ask(null);

        assertThat(detail(answer, ISV)).noneSatisfy(l -> assertThat(l).startsWith("2025060722001400000000000002"))
            .contains("#交易合计：0笔，商家实收共0.00元，商家优惠共0.00元");
    }

    @Test
    void givenATokenOfAnAppThatDidNotAuthoriseIt_whenTheServiceProviderAsks_thenInsufficientTokenPermissions() {
        JsonNode answer = ask("2021000100000000");

        assertThat(answer.get("code").asString()).isEqualTo("20001");
        assertThat(answer.get("sub_code").asString()).isEqualTo("aop.invalid-app-auth-token");
    }

}
