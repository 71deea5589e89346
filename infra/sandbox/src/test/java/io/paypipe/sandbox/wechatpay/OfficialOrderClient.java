package io.paypipe.sandbox.wechatpay;

import com.wechat.pay.java.service.payments.jsapi.JsapiService;
import com.wechat.pay.java.service.payments.jsapi.model.CloseOrderRequest;
import com.wechat.pay.java.service.payments.jsapi.model.QueryOrderByIdRequest;
import com.wechat.pay.java.service.payments.jsapi.model.QueryOrderByOutTradeNoRequest;
import com.wechat.pay.java.service.payments.model.Transaction;
import io.paypipe.core.merchant.Merchant;
import java.time.Duration;

/**
 * The official SDK's order query and close, direct ({@code payments.jsapi.JsapiService})
 * and partner ({@code partnerpayments.jsapi.JsapiService}), on the SDK's stock HTTP
 * client sent to the sandbox ({@link OfficialRefundClient#httpClient}), configured from
 * the merchants file as a merchant configures it.
 */
final class OfficialOrderClient {

    private final Merchant merchant;

    private final JsapiService direct;

    private final com.wechat.pay.java.service.partnerpayments.jsapi.JsapiService partner;

    OfficialOrderClient(Merchant merchant, int sandboxPort, Duration readTimeout) {
        this.merchant = merchant;
        var http = OfficialRefundClient.httpClient(merchant, merchant.wechatpay().platformKeys().getFirst(),
                sandboxPort, readTimeout);
        this.direct = new JsapiService.Builder().httpClient(http).build();
        this.partner = new com.wechat.pay.java.service.partnerpayments.jsapi.JsapiService.Builder().httpClient(http)
            .build();
    }

    Transaction query(String outTradeNo) {
        QueryOrderByOutTradeNoRequest request = new QueryOrderByOutTradeNoRequest();
        request.setMchid(merchant.merchantId());
        request.setOutTradeNo(outTradeNo);
        return direct.queryOrderByOutTradeNo(request);
    }

    Transaction queryById(String transactionId) {
        QueryOrderByIdRequest request = new QueryOrderByIdRequest();
        request.setMchid(merchant.merchantId());
        request.setTransactionId(transactionId);
        return direct.queryOrderById(request);
    }

    void close(String outTradeNo) {
        CloseOrderRequest request = new CloseOrderRequest();
        request.setMchid(merchant.merchantId());
        request.setOutTradeNo(outTradeNo);
        direct.closeOrder(request);
    }

    com.wechat.pay.java.service.partnerpayments.jsapi.model.Transaction partnerQuery(String subMchid,
            String outTradeNo) {
        var request = new com.wechat.pay.java.service.partnerpayments.jsapi.model.QueryOrderByOutTradeNoRequest();
        request.setSpMchid(merchant.merchantId());
        request.setSubMchid(subMchid);
        request.setOutTradeNo(outTradeNo);
        return partner.queryOrderByOutTradeNo(request);
    }

    void partnerClose(String subMchid, String outTradeNo) {
        var request = new com.wechat.pay.java.service.partnerpayments.jsapi.model.CloseOrderRequest();
        request.setSpMchid(merchant.merchantId());
        request.setSubMchid(subMchid);
        request.setOutTradeNo(outTradeNo);
        partner.closeOrder(request);
    }

}
