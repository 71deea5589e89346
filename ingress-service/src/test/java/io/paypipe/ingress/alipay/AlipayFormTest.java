package io.paypipe.ingress.alipay;

import static io.paypipe.ingress.alipay.AlipayFixtures.form;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.ingress.callback.Check;
import io.paypipe.ingress.callback.Rejection;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class AlipayFormTest {

    @Test
    void decodesPercentEncodingAndPlusAsSpaceInUtf8() {
        // Given a body as Alipay sends it: %-encoded UTF-8, + for a space
        String body = "notify_time=2016-07-19+14%3A10%3A49&body=%E5%A4%A7%E4%B9%90%E9%80%8F2.1&charset=utf-8&subject=a%20b";

        // When
        AlipayForm form = form(body);

        // Then
        assertThat(form.params()).containsExactly(java.util.Map.entry("notify_time", "2016-07-19 14:10:49"),
                java.util.Map.entry("body", "大乐透2.1"), java.util.Map.entry("charset", "utf-8"),
                java.util.Map.entry("subject", "a b"));
        assertThat(form.charset()).isEqualTo(StandardCharsets.UTF_8);
        assertThat(form.text()).isEqualTo(body);
    }

    @Test
    void emptyValuesAreKeptButCountAsAbsent() {
        AlipayForm form = form("a=&b=%20&c=1");

        assertThat(form.params()).containsEntry("a", "").containsEntry("b", " ");
        assertThat(form.get("a")).isEmpty();
        assertThat(form.get("b")).isEmpty();
        assertThat(form.get("c")).contains("1");
    }

    @Test
    void declaredGbkCharsetDecodesTheValuesInGbk() {
        Charset gbk = Charset.forName("GBK");
        String body = "charset=GBK&body=" + java.net.URLEncoder.encode("大乐透", gbk);

        AlipayForm form = form(body);

        assertThat(form.charset()).isEqualTo(gbk);
        assertThat(form.params()).containsEntry("body", "大乐透");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|',
            value = { "duplicate key                 | a=1&a=2                  | MALFORMED",
                    "pair without =                | a=1&b                    | MALFORMED",
                    "empty pair                    | a=1&&b=2                 | MALFORMED",
                    "trailing &                    | a=1&                     | MALFORMED",
                    "% without two hex digits      | a=%4                     | MALFORMED",
                    "% with non-hex digits         | a=%zz1                   | MALFORMED",
                    "key that is not a plain name  | a%20b=1                  | MALFORMED",
                    "empty key                     | =1                       | MALFORMED",
                    "unsupported charset           | charset=latin1&a=1       | MALFORMED",
                    "percent-encoded invalid UTF-8 | a=%C3%28                 | NOT_UTF8",
                    "overlong UTF-8                | a=%C0%AF                 | NOT_UTF8",
                    "JSON instead of a form        | {\"app_id\":\"1\"}         | MALFORMED", })
    void rejectsBadForms(String name, String body, Rejection expected) {
        Check<AlipayForm> decoded = AlipayForm.decode(body.getBytes(StandardCharsets.UTF_8));

        assertThat(decoded).isInstanceOfSatisfying(Check.Rejected.class,
                r -> assertThat(r.rejection()).isEqualTo(expected));
    }

    @Test
    void rejectsRawBytesThatAreNotUtf8() {
        byte[] body = { 'a', '=', (byte) 0xC3, (byte) 0x28 };

        assertThat(AlipayForm.decode(body)).isInstanceOfSatisfying(Check.Rejected.class,
                r -> assertThat(r.rejection()).isEqualTo(Rejection.NOT_UTF8));
    }

    @Test
    void rejectsMoreThanAHundredParameters() {
        StringBuilder body = new StringBuilder("p0=0");
        for (int i = 1; i <= AlipayForm.MAX_PARAMS; i++) {
            body.append("&p").append(i).append('=').append(i);
        }

        assertThat(AlipayForm.decode(body.toString().getBytes(StandardCharsets.US_ASCII)))
            .isInstanceOf(Check.Rejected.class);
    }

}
