package io.paypipe.channel.wechatpay;

import static org.assertj.core.api.Assertions.assertThat;

import com.wechat.pay.java.core.http.HttpMethod;
import com.wechat.pay.java.core.http.HttpRequest;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The query request as the SDK builds it, for a merchant and for a service provider. */
class WechatPayOrderQueriesTest {

    @Test
    void aDirectMerchantsQueryNamesItsMchid() {
        HttpRequest request = WechatPayOrderQueries
            .queryRequest(new WechatPayOrder("ORDER|1*a", "1900000001", Optional.empty()));

        assertThat(request.getHttpMethod()).isEqualTo(HttpMethod.GET);
        assertThat(request.getUrl().toString())
            .isEqualTo("https://api.mch.weixin.qq.com/v3/pay/transactions/out-trade-no/ORDER%7C1*a?mchid=1900000001");
    }

    @Test
    void aSubMerchantsQueryGoesThroughThePartnerPathUnderItsProvider() {
        HttpRequest request = WechatPayOrderQueries
            .queryRequest(new WechatPayOrder("ORDER-1", "1900000100", Optional.of("1900000109")));

        assertThat(request.getUrl().getPath()).isEqualTo("/v3/pay/partner/transactions/out-trade-no/ORDER-1");
        assertThat(request.getUrl().getQuery().split("&")).containsExactlyInAnyOrder("sp_mchid=1900000100",
                "sub_mchid=1900000109");
    }

}
