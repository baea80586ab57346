use failwise::Catalog;

#[derive(Catalog)]
enum AppError {
    #[catalog(code = "ORDER_REFUSED", exit = 1, class = "permanent",
              message = "order {order_id} refused", recovery = "fix the order and place it again",
              verify = "shop order status {order_id}")]
    OrderRefused { order_id: String },
}

fn main() {}
