package io.paypipe.ingress.wechatpay;

import static io.paypipe.ingress.wechatpay.Fixtures.CLOCK;
import static io.paypipe.ingress.wechatpay.Fixtures.NOW;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.ingress.callback.Check;
import io.paypipe.ingress.callback.Rejection;
import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.http.HttpHeaders;

class ReplayWindowTest {

    private final ReplayWindow window = new ReplayWindow(CLOCK, Duration.ofMinutes(5));

    @ParameterizedTest
    @ValueSource(longs = { 0, -300, 300, -1, 1, -299 })
    void acceptsTimestampsWithinFiveMinutesEitherWay(long offsetSeconds) {
        assertThat(window.check(headersAt(NOW.getEpochSecond() + offsetSeconds))).isInstanceOf(Check.Ok.class);
    }

    @ParameterizedTest
    @ValueSource(longs = { -301, 301, -3600, 86_400 })
    void refusesTimestampsOutsideTheWindow(long offsetSeconds) {
        assertThat(window.check(headersAt(NOW.getEpochSecond() + offsetSeconds))).isInstanceOfSatisfying(
                Check.Rejected.class, r -> assertThat(r.rejection()).isEqualTo(Rejection.STALE_TIMESTAMP));
    }

    @ParameterizedTest
    @ValueSource(strings = { "", "abc", "-5", "1.7e9", "12345678901234" })
    void refusesTimestampsThatAreNotUnixSeconds(String timestamp) {
        HttpHeaders headers = headers(timestamp);
        Rejection expected = timestamp.isEmpty() ? Rejection.MISSING_HEADERS : Rejection.BAD_TIMESTAMP;

        assertThat(WechatPayHeaders.from(headers)).isInstanceOfSatisfying(Check.Rejected.class,
                r -> assertThat(r.rejection()).isEqualTo(expected));
    }

    private static WechatPayHeaders headersAt(long epochSecond) {
        return ((Check.Ok<WechatPayHeaders>) WechatPayHeaders.from(headers(Long.toString(epochSecond)))).value();
    }

    private static HttpHeaders headers(String timestamp) {
        HttpHeaders headers = new HttpHeaders();
        headers.set("Wechatpay-Timestamp", timestamp);
        headers.set("Wechatpay-Nonce", "593BEC0C930BF1AFEB40B4A08C8FB242");
        headers.set("Wechatpay-Serial", "PUB_KEY_ID_0117000800002025045698789500001779");
        headers.set("Wechatpay-Signature", "c2ln");
        return headers;
    }

}
